// The host locale as java's libjava reads it on Linux (java_props_md.c GetJavaProperties and
// ParseLocale): `setlocale(LC_ALL, "")` from the environment, then the names of LC_CTYPE (the
// format locale and the encoding) and LC_MESSAGES (the display locale), parsed as
// language_COUNTRY.encoding@variant and normalised through libjava's tables; the encoding is
// nl_langinfo(CODESET) of LC_CTYPE. Whether a locale is installed, and its codeset, are glibc's
// answer: `locale charmap` run with the program's locale variables. When setlocale(LC_ALL, "")
// fails (a named locale is not installed), every category stays "C", as in java.

import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface LocaleParts {
  language: string;
  script: string | null;
  country: string | null;
  variant: string | null;
}

export interface HostLocale {
  /** LC_CTYPE's: format.language, format.country, ... */
  format: LocaleParts;
  /** LC_MESSAGES's: display.language, display.country, ... */
  display: LocaleParts;
  /** nl_langinfo(CODESET) as libjava reports it: file.encoding (17), native.encoding, sun.jnu.encoding. */
  encoding: string;
}

/** The environment variables that decide the locale (glibc's setlocale and locale data path). */
export const LOCALE_ENV = ['LC_ALL', 'LC_CTYPE', 'LC_MESSAGES', 'LC_COLLATE', 'LC_MONETARY', 'LC_NUMERIC', 'LC_TIME', 'LC_ADDRESS', 'LC_IDENTIFICATION', 'LC_MEASUREMENT', 'LC_NAME', 'LC_PAPER', 'LC_TELEPHONE', 'LANG', 'LOCPATH'];

// libjava's tables (locale_str.h, the Linux entries): partial names to full names, and the
// language, script, country and variant names to Java's.
const ALIASES = table('ar ar_EG be be_BY bg bg_BG br br_FR ca ca_ES cs cs_CZ cz cs_CZ da da_DK de de_DE el el_GR en en_US eo eo es es_ES et et_EE eu eu_ES fi fi_FI fr fr_FR ga ga_IE gl gl_ES he iw_IL hr hr_HR hs en_US hu hu_HU id in_ID in in_ID is is_IS it it_IT iw iw_IL ja ja_JP kl kl_GL ko ko_KR lt lt_LT lv lv_LV mk mk_MK nl nl_NL no no_NO pl pl_PL pt pt_PT ro ro_RO ru ru_RU se se_NO sk sk_SK sl sl_SI sq sq_AL sr sr_CS su fi_FI sv sv_SE th th_TH tr tr_TR ua en_US uk uk_UA vi vi_VN wa wa_BE zh zh_CN bokmal nb_NO bokmål nb_NO catalan ca_ES croatian hr_HR czech cs_CZ danish da_DK dansk da_DK deutsch de_DE dutch nl_NL eesti et_EE estonian et_EE finnish fi_FI français fr_FR french fr_FR galego gl_ES galician gl_ES german de_DE greek el_GR hebrew iw_IL hrvatski hr_HR hungarian hu_HU icelandic is_IS italian it_IT japanese ja_JP korean ko_KR lithuanian lt_LT norwegian no_NO nynorsk nn_NO polish pl_PL portuguese pt_PT romanian ro_RO russian ru_RU slovak sk_SK slovene sl_SI slovenian sl_SI spanish es_ES swedish sv_SE thai th_TH turkish tr_TR');
const LANGUAGES = table('C en POSIX en cz cs he iw hs en id in sh sr su fi ua en catalan ca croatian hr czech cs danish da dansk da deutsch de dutch nl finnish fi français fr french fr german de greek el hebrew he hrvatski hr hungarian hu icelandic is italian it japanese ja norwegian no polish pl portuguese pt romanian ro russian ru slovak sk slovene sl slovenian sl spanish es swedish sv turkish tr');
const SCRIPTS = table('cyrillic Cyrl devanagari Deva iqtelif Latn latin Latn Arab Arab Cyrl Cyrl Deva Deva Ethi Ethi Hans Hans Hant Hant Latn Latn Sund Sund Syrc Syrc Tfng Tfng');
const COUNTRIES = table('RN US YU CS');
const VARIANTS = table('nynorsk NY');

function table(pairs: string): ReadonlyMap<string, string> {
  const w = pairs.split(' ');
  const m = new Map<string, string>();
  for (let i = 0; i + 1 < w.length; i += 2) m.set(w[i], w[i + 1]);
  return m;
}

function nonEmpty(v: string | undefined): string | undefined {
  return v === undefined || v === '' ? undefined : v;
}

/** The name glibc gives a category from the environment: LC_ALL, then LC_<cat>, then LANG. */
export function categoryName(env: Record<string, string | undefined>, category: string): string {
  return nonEmpty(env.LC_ALL) ?? nonEmpty(env[category]) ?? nonEmpty(env.LANG) ?? 'C';
}

/** ParseLocale's split and normalisation of one category's locale name. */
export function parseLocaleName(name: string): LocaleParts & { encodingPart: string | null } {
  let lc = name === 'C' || name === 'POSIX' ? 'en_US' : name;
  let base = lc;
  let rest = '';
  const cut = (s: string): void => {
    const dot = s.indexOf('.');
    const at = s.indexOf('@');
    const i = dot >= 0 ? dot : at;
    base = i >= 0 ? s.slice(0, i) : s;
    if (i >= 0) rest = s.slice(i);
  };
  cut(lc);
  const alias = ALIASES.get(base);
  if (alias !== undefined) {
    lc = alias;
    const keep = rest;
    rest = '';
    cut(lc);
    if (rest === '') rest = keep;
  }
  const us = base.indexOf('_');
  const language = us >= 0 ? base.slice(0, us) : base;
  const country = us >= 0 ? base.slice(us + 1) : null;
  let encodingPart: string | null = null;
  let variant: string | null = null;
  let p = rest;
  if (p.startsWith('.')) {
    const at = p.indexOf('@');
    encodingPart = at >= 0 ? p.slice(1, at) : p.slice(1);
    p = at >= 0 ? p.slice(at) : '';
  }
  if (p.startsWith('@')) variant = p.slice(1);
  return {
    language: LANGUAGES.get(language) ?? language,
    country: country === null ? null : (COUNTRIES.get(country) ?? country),
    script: variant === null ? null : (SCRIPTS.get(variant) ?? null),
    variant: variant === null ? null : (VARIANTS.get(variant) ?? null),
    encodingPart,
  };
}

interface Probe {
  /** setlocale(LC_ALL, "") succeeded. */
  ok: boolean;
  /** nl_langinfo(CODESET) of LC_CTYPE; null when glibc's `locale` could not be run. */
  codeset: string | null;
}

const LOCALE_BIN = ['/usr/bin/locale', '/bin/locale'];

/** The locale variables of `env` alone (what `locale` is run with). */
function localeVars(env: Record<string, string | undefined>): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const k of LOCALE_ENV) {
    const v = env[k];
    if (v !== undefined) vars[k] = v;
  }
  return vars;
}

/** C and POSIX (or no locale variable) are always there, in ASCII: glibc need not be asked (a process spawn, ~3 ms). */
function plainC(env: Record<string, string | undefined>): boolean {
  return Object.values(localeVars(env)).every((v) => v === '' || v === 'C' || v === 'POSIX');
}

const C_PROBE: Probe = { ok: true, codeset: 'ANSI_X3.4-1968' };

/** The answer of a run of `locale charmap`: its exit status (null: it did not run or exit), stdout, stderr. */
function probeOf(status: number | null, stdout: unknown, stderr: unknown): Probe {
  if (status !== 0 || typeof stdout !== 'string') return { ok: true, codeset: null };
  return { ok: !/\bLC_ALL\b/.test(typeof stderr === 'string' ? stderr : ''), codeset: stdout.trim() };
}

/** glibc's answer for these locale variables: `locale charmap`, and whether it could set LC_ALL. */
function probe(env: Record<string, string | undefined>, key: string): Probe {
  const early = prefetched().get(key);
  if (early !== undefined && early !== 'running') return early;
  if (plainC(env)) return C_PROBE;
  const bin = LOCALE_BIN.find((b) => existsSync(b));
  if (bin === undefined) return { ok: true, codeset: null };
  const r = spawnSync(bin, ['charmap'], { env: localeVars(env), encoding: 'utf8', timeout: 5000 });
  return probeOf(r.status, r.stdout, r.stderr);
}

/** glibc's answer as a run is given it (prefetchedLocale, seedLocale). */
export interface LocaleProbe {
  /** The locale variables it was asked for (localeKey). */
  key: string;
  ok: boolean;
  codeset: string | null;
}

const PREFETCHED = Symbol.for('komorium.localeProbes');

/**
 * glibc's answers asked ahead (prefetchHostLocale) or given (seedLocale), by the locale
 * variables' key: 'running' until `locale` has exited and the event loop has seen it. On a
 * global, so that the CLI's separate bundles on one thread (run-fast.mjs, run-embedded.mjs)
 * share it.
 */
function prefetched(): Map<string, Probe | 'running'> {
  const g = globalThis as Record<symbol, unknown>;
  let m = g[PREFETCHED] as Map<string, Probe | 'running'> | undefined;
  if (m === undefined) {
    m = new Map();
    g[PREFETCHED] = m;
  }
  return m;
}

/**
 * Runs `locale charmap` for `env` now, in the background (never keeping the process alive), so
 * that its answer is there before the run needs it: the embedded engine's worker otherwise runs
 * it at its restore, a process started and waited for on the critical path (the boot
 * snapshot's key holds the locale). The CLI's warm path calls this when it starts the early
 * worker (cli/run-fast.ts), and the run hands the answer to the worker (prefetchedLocale); an
 * answer not there by then is not waited for: the worker runs `locale` itself, as without this.
 */
export function prefetchHostLocale(env: Record<string, string | undefined>): void {
  const key = localeKey(env);
  const m = prefetched();
  if (m.has(key)) return;
  if (plainC(env)) {
    m.set(key, C_PROBE);
    return;
  }
  const bin = LOCALE_BIN.find((b) => existsSync(b));
  if (bin === undefined) return;
  m.set(key, 'running');
  try {
    const child = execFile(bin, ['charmap'], { env: localeVars(env), encoding: 'utf8', timeout: 5000 }, (err, stdout, stderr) => {
      // An exit status other than 0 comes as an error with that code; any other failure (not
      // run, timed out, killed) as spawnSync's null status.
      const code = err === null ? 0 : typeof (err as { code?: unknown }).code === 'number' ? (err as unknown as { code: number }).code : null;
      m.set(key, probeOf(code, stdout, stderr));
    });
    child.unref();
    for (const pipe of [child.stdout, child.stderr]) (pipe as unknown as { unref?: () => void } | null)?.unref?.();
  } catch {
    m.delete(key);
  }
}

/** The answer prefetchHostLocale got for `env`, when it has arrived; else undefined. */
export function prefetchedLocale(env: Record<string, string | undefined>): LocaleProbe | undefined {
  const key = localeKey(env);
  const p = prefetched().get(key);
  return p === undefined || p === 'running' ? undefined : { key, ok: p.ok, codeset: p.codeset };
}

/** Takes glibc's answer another thread got (prefetchedLocale): hostLocale of its variables then uses it. */
export function seedLocale(p: LocaleProbe): void {
  if (typeof p.key === 'string' && typeof p.ok === 'boolean' && (p.codeset === null || typeof p.codeset === 'string')) prefetched().set(p.key, { ok: p.ok, codeset: p.codeset });
}

/** Without glibc's `locale`: the codeset the name gives, UTF-8 when it gives none. */
function guessCodeset(name: string): string {
  if (name === 'C' || name === 'POSIX') return 'ANSI_X3.4-1968';
  const enc = parseLocaleName(name).encodingPart;
  if (enc === null) return 'UTF-8';
  return /^utf-?8$/i.test(enc) ? 'UTF-8' : enc;
}

const memo = new Map<string, HostLocale>();

function localeKey(env: Record<string, string | undefined>): string {
  return JSON.stringify(LOCALE_ENV.map((k) => env[k] ?? null));
}

/** The host locale java would report for a program run with this environment. */
export function hostLocale(env: Record<string, string | undefined>): HostLocale {
  const key = localeKey(env);
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  const pr = probe(env, key);
  const ctypeName = pr.ok ? categoryName(env, 'LC_CTYPE') : 'C';
  const messagesName = pr.ok ? categoryName(env, 'LC_MESSAGES') : 'C';
  const format = parseLocaleName(ctypeName);
  const display = parseLocaleName(messagesName);
  let codeset = pr.ok ? (pr.codeset ?? guessCodeset(ctypeName)) : 'ANSI_X3.4-1968';
  if (format.encodingPart === 'ISO8859-15') codeset = 'ISO8859-15';
  if (codeset === '646') codeset = 'ISO646-US';
  let encoding = codeset === '' ? 'ISO8859-1' : codeset;
  if (encoding === 'EUC-JP') encoding = 'EUC-JP-LINUX';
  const strip = ({ language, script, country, variant }: LocaleParts): LocaleParts => ({ language, script, country, variant });
  const out: HostLocale = { format: strip(format), display: strip(display), encoding };
  memo.set(key, out);
  return out;
}
