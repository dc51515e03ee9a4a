// Applies the stored theme before the stylesheet paints, so a dark-theme user never sees a white flash.
// A blocking classic script on purpose; a file rather than inline code, so a Content-Security-Policy
// can do without 'unsafe-inline'. state/ui.ts owns the theme after start-up.
try { if (localStorage.getItem('steward.theme') === 'dark') document.documentElement.dataset.theme = 'dark'; } catch (e) {}
