// The words profile.ts reads an introduction with: names and what is not one, relations, places
// and what is not one, languages, when and how long. Split from profile.ts (one file per concern).

export const NAME = String.raw`\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?`;
/** Capitalised words after "I am" that are not names (nationalities, states, fillers). */
export const NOT_NAMES =
  /^(?:English|French|German|Spanish|Italian|Dutch|Portuguese|Brazilian|American|British|Canadian|Australian|Irish|Scottish|Welsh|Indian|Chinese|Japanese|Korean|Polish|Russian|Ukrainian|Swedish|Norwegian|Danish|Finnish|Greek|Turkish|Mexican|Swiss|Austrian|Belgian|Nigerian|Kenyan|Egyptian|Pakistani|Bangladeshi|Vietnamese|Thai|Filipino|Indonesian|Malaysian|Argentinian|Argentine|Colombian|Chilean|Peruvian|Venezuelan|Cuban|Israeli|Iranian|Iraqi|Saudi|Emirati|Moroccan|Algerian|Tunisian|Ethiopian|Ghanaian|Czech|Slovak|Hungarian|Romanian|Bulgarian|Serbian|Croatian|Slovenian|Latvian|Lithuanian|Estonian|Icelandic|Scandinavian|European|African|Asian|Latino|Latina|Hispanic|Arab|Persian|Catalan|Basque|Jewish|Muslim|Christian|Catholic|Buddhist|Hindu|Vegan|Vegetarian|Back|Here|Done|Ready|Fine|Good|Okay|Ok|Sorry|Tired|Hungry|Confused|Lost|New|Busy|Free|Sure|Not|So|Very|Just|Also|Still|Learning|Working|Planning|Going|Based|From|Allergic|Looking|Trying|Using|Happy|Glad|Excited|Interested|Currently|Really|The|A|An|In|At|OK|Okay)$/i;
export const RELATIONS =
  'manager|boss|line manager|team lead|tech lead|lead|supervisor|partner|wife|husband|girlfriend|boyfriend|fiancée?|colleague|co-?worker|teammate|mentor|sister|brother|mother|mum|mom|father|dad|son|daughter|friend|best friend|closest friend|good friend|old friend|dog|cat|landlord|doctor|client|cofounder|co-founder|assistant|flatmate|roommate';
/** Relations that answer the same question ("who's my boss?" finds "my manager is …"). */
export const SAME_RELATION = [
  ['manager', 'boss', 'line manager', 'supervisor', 'team lead', 'tech lead', 'lead'],
  ['partner', 'wife', 'husband', 'girlfriend', 'boyfriend', 'fiance', 'fiancee'],
  ['colleague', 'coworker', 'co-worker', 'teammate'],
  ['mother', 'mum', 'mom'],
  ['father', 'dad'],
  ['friend', 'best friend', 'closest friend', 'good friend', 'old friend'],
];

/** Languages often typed in lower case ("I speak english"). */
export const LANGUAGES =
  /^(?:english|spanish|french|german|italian|portuguese|dutch|russian|chinese|mandarin|cantonese|japanese|korean|arabic|hindi|urdu|bengali|turkish|polish|greek|swedish|norwegian|danish|finnish|hebrew|swahili|thai|vietnamese|indonesian|catalan|basque|irish|welsh|ukrainian|czech|hungarian|romanian)\b/i;
/** How long, said at the end: "for two years", "since 2019". */
export const DURATION =
  /\s+(?:for\s+(?:about\s+|almost\s+|over\s+|nearly\s+)?(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a\s+few|several|many)\s+(?:years?|months?|weeks?)|since\s+\S+)$/i;
/** When a plan happens, said before it: "next month", "this summer", "in May". */
export const WHEN = String.raw`(?:(?:next|this|later\s+this|coming)\s+(?:week|weekend|month|year|summer|winter|spring|autumn|fall|january|february|march|april|may|june|july|august|september|october|november|december)|in\s+(?:a\s+(?:few|couple\s+of)\s+)?(?:weeks?|months?|days?)|soon|tomorrow)`;
/** The rest of a plan: where to, and when (a few words). */
export const WHEN_OK = String.raw`[^,;.!?]{2,80}`;

/** Verbs of doing something somewhere, whose place answers "where do I live?" when nothing else does. */
export const PLACED_VERBS =
  'teach|study|lecture|practi[sc]e|research|work|train|volunteer|stay|reside|rent|coach|nurse|serve';
/** Capitalised words after "in" that are no place: "in March", "in Python". */
export const NOT_PLACES =
  /^(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Python|Rust|Java|JavaScript|TypeScript|Go|Ruby|Excel|Word|Figma)\b/;
