export declare const bundleDir: (root: string) => string;
export declare const bundleFile: (root: string) => string;
export declare const serverArgs: (root: string) => string[];
export declare const BUNDLE_URL: string;
export declare const EARLY_PGLITE_WASM: unique symbol;
export declare const STARTED: unique symbol;
