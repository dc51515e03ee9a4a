/**
 * The bundled country list (spec §3 "Country list entry": text, code, value = ISO code, latitude,
 * longitude). One compact row per country, `ISO|English name|dial code|latitude|longitude`, parsed
 * once; coordinates are approximate centres, good for placing a marker, not for borders.
 */
const ROWS = `AF|Afghanistan|93|33.9|67.7
AX|Åland Islands|358|60.2|20.0
AL|Albania|355|41.2|20.2
DZ|Algeria|213|28.0|1.7
AS|American Samoa|1684|-14.3|-170.7
AD|Andorra|376|42.5|1.6
AO|Angola|244|-11.2|17.9
AI|Anguilla|1264|18.2|-63.1
AG|Antigua and Barbuda|1268|17.1|-61.8
AR|Argentina|54|-38.4|-63.6
AM|Armenia|374|40.1|45.0
AW|Aruba|297|12.5|-70.0
AU|Australia|61|-25.3|133.8
AT|Austria|43|47.5|14.6
AZ|Azerbaijan|994|40.1|47.6
BS|Bahamas|1242|25.0|-77.4
BH|Bahrain|973|26.0|50.6
BD|Bangladesh|880|23.7|90.4
BB|Barbados|1246|13.2|-59.5
BY|Belarus|375|53.7|28.0
BE|Belgium|32|50.5|4.5
BZ|Belize|501|17.2|-88.5
BJ|Benin|229|9.3|2.3
BM|Bermuda|1441|32.3|-64.8
BT|Bhutan|975|27.5|90.4
BO|Bolivia|591|-16.3|-63.6
BQ|Caribbean Netherlands|599|12.2|-68.3
BA|Bosnia and Herzegovina|387|43.9|17.7
BW|Botswana|267|-22.3|24.7
BR|Brazil|55|-14.2|-51.9
IO|British Indian Ocean Territory|246|-6.3|71.9
VG|British Virgin Islands|1284|18.4|-64.6
BN|Brunei|673|4.5|114.7
BG|Bulgaria|359|42.7|25.5
BF|Burkina Faso|226|12.2|-1.6
BI|Burundi|257|-3.4|29.9
KH|Cambodia|855|12.6|105.0
CM|Cameroon|237|7.4|12.4
CA|Canada|1|56.1|-106.3
CV|Cape Verde|238|16.0|-24.0
KY|Cayman Islands|1345|19.3|-81.3
CF|Central African Republic|236|6.6|20.9
TD|Chad|235|15.5|18.7
CL|Chile|56|-35.7|-71.5
CN|China|86|35.9|104.2
CX|Christmas Island|61|-10.4|105.7
CC|Cocos (Keeling) Islands|61|-12.2|96.9
CO|Colombia|57|4.6|-74.3
KM|Comoros|269|-11.9|43.9
CG|Congo|242|-0.2|15.8
CD|Congo (DRC)|243|-4.0|21.8
CK|Cook Islands|682|-21.2|-159.8
CR|Costa Rica|506|9.7|-83.8
CI|Côte d'Ivoire|225|7.5|-5.5
HR|Croatia|385|45.1|15.2
CU|Cuba|53|21.5|-77.8
CW|Curaçao|599|12.2|-69.0
CY|Cyprus|357|35.1|33.4
CZ|Czechia|420|49.8|15.5
DK|Denmark|45|56.3|9.5
DJ|Djibouti|253|11.8|42.6
DM|Dominica|1767|15.4|-61.4
DO|Dominican Republic|1809|18.7|-70.2
EC|Ecuador|593|-1.8|-78.2
EG|Egypt|20|26.8|30.8
SV|El Salvador|503|13.8|-88.9
GQ|Equatorial Guinea|240|1.7|10.3
ER|Eritrea|291|15.2|39.8
EE|Estonia|372|58.6|25.0
SZ|Eswatini|268|-26.5|31.5
ET|Ethiopia|251|9.1|40.5
FK|Falkland Islands|500|-51.8|-59.5
FO|Faroe Islands|298|61.9|-6.9
FJ|Fiji|679|-16.6|179.4
FI|Finland|358|61.9|25.7
FR|France|33|46.2|2.2
GF|French Guiana|594|3.9|-53.1
PF|French Polynesia|689|-17.7|-149.4
GA|Gabon|241|-0.8|11.6
GM|Gambia|220|13.4|-15.3
GE|Georgia|995|42.3|43.4
DE|Germany|49|51.2|10.5
GH|Ghana|233|7.9|-1.0
GI|Gibraltar|350|36.1|-5.3
GR|Greece|30|39.1|21.8
GL|Greenland|299|71.7|-42.6
GD|Grenada|1473|12.1|-61.7
GP|Guadeloupe|590|16.3|-61.6
GU|Guam|1671|13.4|144.8
GT|Guatemala|502|15.8|-90.2
GG|Guernsey|44|49.5|-2.6
GN|Guinea|224|9.9|-9.7
GW|Guinea-Bissau|245|11.8|-15.2
GY|Guyana|592|4.9|-58.9
HT|Haiti|509|19.0|-72.3
HN|Honduras|504|15.2|-86.2
HK|Hong Kong|852|22.4|114.1
HU|Hungary|36|47.2|19.5
IS|Iceland|354|64.96|-19.0
IN|India|91|20.6|79.0
ID|Indonesia|62|-0.8|113.9
IR|Iran|98|32.4|53.7
IQ|Iraq|964|33.2|43.7
IE|Ireland|353|53.4|-8.2
IM|Isle of Man|44|54.2|-4.5
IL|Israel|972|31.0|34.9
IT|Italy|39|41.9|12.6
JM|Jamaica|1876|18.1|-77.3
JP|Japan|81|36.2|138.3
JE|Jersey|44|49.2|-2.1
JO|Jordan|962|30.6|36.2
KZ|Kazakhstan|7|48.0|66.9
KE|Kenya|254|0.0|37.9
KI|Kiribati|686|-3.4|-168.7
XK|Kosovo|383|42.6|20.9
KW|Kuwait|965|29.3|47.5
KG|Kyrgyzstan|996|41.2|74.8
LA|Laos|856|19.9|102.5
LV|Latvia|371|56.9|24.6
LB|Lebanon|961|33.9|35.9
LS|Lesotho|266|-29.6|28.2
LR|Liberia|231|6.4|-9.4
LY|Libya|218|26.3|17.2
LI|Liechtenstein|423|47.2|9.6
LT|Lithuania|370|55.2|23.9
LU|Luxembourg|352|49.8|6.1
MO|Macao|853|22.2|113.5
MG|Madagascar|261|-18.8|46.9
MW|Malawi|265|-13.3|34.3
MY|Malaysia|60|4.2|102.0
MV|Maldives|960|3.2|73.2
ML|Mali|223|17.6|-4.0
MT|Malta|356|35.9|14.4
MH|Marshall Islands|692|7.1|171.2
MQ|Martinique|596|14.6|-61.0
MR|Mauritania|222|21.0|-10.9
MU|Mauritius|230|-20.3|57.6
YT|Mayotte|262|-12.8|45.2
MX|Mexico|52|23.6|-102.6
FM|Micronesia|691|7.4|150.6
MD|Moldova|373|47.4|28.4
MC|Monaco|377|43.7|7.4
MN|Mongolia|976|46.9|103.8
ME|Montenegro|382|42.7|19.4
MS|Montserrat|1664|16.7|-62.2
MA|Morocco|212|31.8|-7.1
MZ|Mozambique|258|-18.7|35.5
MM|Myanmar|95|21.9|96.0
NA|Namibia|264|-22.96|18.5
NR|Nauru|674|-0.5|166.9
NP|Nepal|977|28.4|84.1
NL|Netherlands|31|52.1|5.3
NC|New Caledonia|687|-20.9|165.6
NZ|New Zealand|64|-40.9|174.9
NI|Nicaragua|505|12.9|-85.2
NE|Niger|227|17.6|8.1
NG|Nigeria|234|9.1|8.7
NU|Niue|683|-19.1|-169.9
NF|Norfolk Island|672|-29.0|168.0
KP|North Korea|850|40.3|127.5
MK|North Macedonia|389|41.6|21.7
MP|Northern Mariana Islands|1670|15.1|145.7
NO|Norway|47|60.5|8.5
OM|Oman|968|21.5|55.9
PK|Pakistan|92|30.4|69.3
PW|Palau|680|7.5|134.6
PS|Palestine|970|31.9|35.2
PA|Panama|507|8.5|-80.8
PG|Papua New Guinea|675|-6.3|143.96
PY|Paraguay|595|-23.4|-58.4
PE|Peru|51|-9.2|-75.0
PH|Philippines|63|12.9|121.8
PL|Poland|48|51.9|19.1
PT|Portugal|351|39.4|-8.2
PR|Puerto Rico|1787|18.2|-66.6
QA|Qatar|974|25.4|51.2
RE|Réunion|262|-21.1|55.5
RO|Romania|40|45.9|25.0
RU|Russia|7|61.5|105.3
RW|Rwanda|250|-1.9|29.9
BL|Saint Barthélemy|590|17.9|-62.8
SH|Saint Helena|290|-15.96|-5.7
KN|Saint Kitts and Nevis|1869|17.4|-62.8
LC|Saint Lucia|1758|13.9|-60.98
MF|Saint Martin|590|18.1|-63.1
PM|Saint Pierre and Miquelon|508|46.9|-56.3
VC|Saint Vincent and the Grenadines|1784|12.98|-61.3
WS|Samoa|685|-13.8|-172.1
SM|San Marino|378|43.9|12.5
ST|São Tomé and Príncipe|239|0.2|6.6
SA|Saudi Arabia|966|23.9|45.1
SN|Senegal|221|14.5|-14.5
RS|Serbia|381|44.0|21.0
SC|Seychelles|248|-4.7|55.5
SL|Sierra Leone|232|8.5|-11.8
SG|Singapore|65|1.4|103.8
SX|Sint Maarten|1721|18.0|-63.1
SK|Slovakia|421|48.7|19.7
SI|Slovenia|386|46.2|15.0
SB|Solomon Islands|677|-9.6|160.2
SO|Somalia|252|5.2|46.2
ZA|South Africa|27|-30.6|22.9
KR|South Korea|82|35.9|127.8
SS|South Sudan|211|6.9|31.3
ES|Spain|34|40.5|-3.7
LK|Sri Lanka|94|7.9|80.8
SD|Sudan|249|12.9|30.2
SR|Suriname|597|3.9|-56.0
SJ|Svalbard and Jan Mayen|47|77.6|23.7
SE|Sweden|46|60.1|18.6
CH|Switzerland|41|46.8|8.2
SY|Syria|963|34.8|39.0
TW|Taiwan|886|23.7|121.0
TJ|Tajikistan|992|38.9|71.3
TZ|Tanzania|255|-6.4|34.9
TH|Thailand|66|15.9|101.0
TL|Timor-Leste|670|-8.9|125.7
TG|Togo|228|8.6|0.8
TK|Tokelau|690|-9.2|-171.8
TO|Tonga|676|-21.2|-175.2
TT|Trinidad and Tobago|1868|10.7|-61.2
TN|Tunisia|216|33.9|9.5
TR|Türkiye|90|39.0|35.2
TM|Turkmenistan|993|38.97|59.6
TC|Turks and Caicos Islands|1649|21.7|-71.8
TV|Tuvalu|688|-7.1|177.6
UG|Uganda|256|1.4|32.3
UA|Ukraine|380|48.4|31.2
AE|United Arab Emirates|971|23.4|53.8
GB|United Kingdom|44|55.4|-3.4
US|United States|1|37.1|-95.7
UM|U.S. Outlying Islands|1|19.3|166.6
UY|Uruguay|598|-32.5|-55.8
VI|U.S. Virgin Islands|1340|18.3|-64.9
UZ|Uzbekistan|998|41.4|64.6
VU|Vanuatu|678|-15.4|166.96
VA|Vatican City|379|41.9|12.5
VE|Venezuela|58|6.4|-66.6
VN|Vietnam|84|14.1|108.3
WF|Wallis and Futuna|681|-13.8|-177.2
EH|Western Sahara|212|24.2|-12.9
YE|Yemen|967|15.6|48.5
ZM|Zambia|260|-13.1|27.8
ZW|Zimbabwe|263|-19.0|29.2`;

/** A country as the selectors use it (spec §3): `text` to show, `value` the ISO code sent. */
export interface Country {
  /** English name. */
  text: string;
  /** Dialling code, digits only (no '+'). */
  code: string;
  /** ISO 3166-1 alpha-2, upper case. */
  value: string;
  latitude: number;
  longitude: number;
}

export const COUNTRIES: readonly Country[] = ROWS.split('\n').map((row) => {
  const [value, text, code, lat, lng] = row.split('|') as [string, string, string, string, string];
  return { value, text, code, latitude: Number(lat), longitude: Number(lng) };
});

const BY_ISO = new Map(COUNTRIES.map((c) => [c.value, c]));

/** The country with this ISO code (any case), if bundled. */
export function countryByIso(iso: string): Country | undefined {
  return BY_ISO.get(iso.toUpperCase());
}

/** Lower case without accents: 'Åland' is found by 'aland', 'Curaçao' by 'curacao'. */
const plain = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
const PLAIN_NAMES = COUNTRIES.map((c) => [c.value, plain(c.text)] as const);

/**
 * The ISO codes a typed country means: the code itself (any case), and every country whose English name
 * contains the text (any case, accents ignored: 'united' → AE, GB, US, …). None for empty or unknown text.
 */
export function countryCodesMatching(text: string): string[] {
  const t = plain(text.trim());
  if (t === '') return [];
  return PLAIN_NAMES.filter(([iso, name]) => iso.toLowerCase() === t || name.includes(t)).map(([iso]) => iso);
}
