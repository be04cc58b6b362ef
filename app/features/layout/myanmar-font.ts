/**
 * Burmese for every phone. Many phones bought in Myanmar render with a
 * Zawgyi system font, on which correct Unicode Burmese shows garbled; some
 * have no Myanmar font at all. On a Burmese page this probe, an inline script
 * at the start of <body>, measures how the phone's own font draws a stacked
 * consonant: a Unicode font stacks "က္က" into one letter's width, a Zawgyi
 * font draws two letters (its U+1039 is the visible asat), and a phone with
 * no Myanmar font three boxes. Only when it does not stack does the page get
 * the class that puts the self-hosted Unicode font first
 * (app/styles/global.css; `--font-text`), so Unicode phones download
 * nothing extra. The answer is remembered, so later pages choose before
 * their first paint.
 *
 * Canvas measures the text with the body's font stack without touching the
 * DOM React hydrates; `document.fonts.load` first lets any web font named in
 * that stack arrive (none on a real phone; the browser tests set one).
 */

/** The class on <html> that loads the Unicode font. */
export const MYANMAR_FONT_CLASS = "myanmar-font";

/** localStorage key of the probe's answer: "load" or "system". */
export const MYANMAR_FONT_STORAGE_KEY = "myanmar-font";

/** A stacked cluster wider than this many single letters means the font does not stack. */
const STACK_RATIO = 1.3;

export const MYANMAR_FONT_PROBE = `(function(){var d=document.documentElement,C=${JSON.stringify(MYANMAR_FONT_CLASS)},K=${JSON.stringify(
  MYANMAR_FONT_STORAGE_KEY,
)};try{var s=localStorage.getItem(K);if(s==="load"){d.classList.add(C);return}if(s==="system")return}catch(e){}var f="32px "+getComputedStyle(document.body).fontFamily,t="\\u1000\\u1039\\u1000";function decide(){var x=document.createElement("canvas").getContext("2d");if(!x)return;x.font=f;var one=x.measureText("\\u1000").width,stacked=x.measureText(t).width,load=!(one>0&&stacked<one*${STACK_RATIO});if(load)d.classList.add(C);try{localStorage.setItem(K,load?"load":"system")}catch(e){}}if(document.fonts&&document.fonts.load)document.fonts.load(f,t).then(decide,decide);else decide()})()`;
