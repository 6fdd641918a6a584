// What the user says of their work: "I work at Acme as a product manager", "my job is teaching
// yoga", "I'm employed by the council", and a new job said as news ("I just started a new job at
// Deloitte", "I joined Stripe as a designer", "I got hired at Canva"). Split from profile.ts.

import { clean, type Reader } from './profile-fact';
import { DURATION, NOT_PLACES } from './profile-words';

/** "started a new job at", "joined", "got hired at", "moved to … as a …": then the employer. */
const NEW_JOB =
  /^I\s+(?:have\s+)?(?:(?:just|recently|finally|now)\s+)?(?:(?:started|began|got|landed|took|accepted)\s+(?:a|my|the)\s+(?:new\s+)?(?:job|role|position|post)\s+(?:at|with)|joined|got\s+(?:hired|taken\s+on)\s+(?:at|by)|was\s+(?:hired|taken\s+on)\s+(?:at|by)|(?:moved|switched|changed\s+jobs)\s+to(?=\s+\S+(?:\s+\S+){0,3}\s+as\s+an?\s))\s+([^,;.!?]+?)(?:\s+as\s+(an?)\s+([^,;.!?]+?))?$/i;
/** When the job started, said at the end: "last month", "in 2019", "two weeks ago", "in March". */
const WHEN_STARTED =
  /\s+(?:(?:last|this)\s+(?:week|month|year|spring|summer|autumn|fall|winter)|recently|yesterday|today|(?:\S+\s+){1,2}ago|(?:back\s+)?in\s+(?:\d{4}|January|February|March|April|May|June|July|August|September|October|November|December)(?:\s+\d{4})?)$/i;

export const WORK_READERS: Reader[] = [
  // "I work at Acme as a product manager", "I work as a nurse at St Mary's", "I've worked at
  // Nokia for five years".
  (clause, facts) => {
    const m =
      /^I\s+(?:currently\s+)?(?:work|am\s+(?:currently\s+|now\s+)?working|have\s+(?:been\s+working|(?:always\s+)?worked))\s+(?:(at|for)\s+([^,;.!?]+?)(?:\s+as\s+(an?)\s+([^,;.!?]+?))?|as\s+(an?)\s+([^,;.!?]+?)(?:\s+(?:at|for)\s+([^,;.!?]+?))?)(?:\s+in\s+([^,;.!?]+))?$/i.exec(
        clause.replace(DURATION, ''),
      );
    if (!m) return false;
    const employer = m[2] ?? m[7];
    const role = m[4] ?? m[6];
    const roleArticle = (m[3] ?? m[5] ?? 'a').toLowerCase();
    if (employer) facts.push({ slot: 'employer', verb: 'works at', value: clean(employer) });
    if (role) facts.push({ slot: 'role', verb: `works as ${roleArticle}`, value: clean(role) });
    if (m[8]) facts.push({ slot: 'place', verb: 'lives in', value: clean(m[8]) });
    return true;
  },
  // "I've been at Nokia for five years": a named place of work, kept for years (not "I've been at
  // Glastonbury", said with no years).
  (clause, facts) => {
    if (!DURATION.test(clause)) return false;
    const m = /^I\s+have\s+(?:now\s+)?been\s+(?:at|with)\s+(\p{Lu}[^,;.!?]*)$/u.exec(
      clause.replace(DURATION, ''),
    );
    if (!m?.[1]) return false;
    facts.push({ slot: 'employer', verb: 'works at', value: clean(m[1]) });
    return true;
  },
  // "my job is teaching yoga", "my role is head of data".
  (clause, facts) => {
    const m = /^my\s+(job|role|profession|occupation|work)\s+is\s+([^,;.!?]+)$/i.exec(clause);
    if (
      !m?.[1] ||
      !m[2] ||
      /^(?:boring|hard|fun|great|fine|ok(?:ay)?|stressful|tiring|busy|easy)\b/i.test(m[2])
    )
      return false;
    facts.push({ slot: 'role', verb: `'s ${m[1].toLowerCase()} is`, value: clean(m[2]) });
    return true;
  },
  // "I'm employed at Siemens", "I am employed by the council", "I do backend work at Uber".
  (clause, facts) => {
    const m =
      /^I\s+am\s+(?:currently\s+|now\s+)?employed\s+(?:at|by)\s+([^,;.!?]+)$/i.exec(clause) ??
      /^I\s+do\s+(?:[\w-]+\s+){0,3}?(?:work|stuff|things|consulting|contracting)\s+(?:at|for)\s+([^,;.!?]+)$/i.exec(
        clause,
      );
    // An employer has a name ("at Uber"), not "some work for charity".
    if (!m?.[1] || !/^\p{Lu}/u.test(m[1])) return false;
    facts.push({ slot: 'employer', verb: 'works at', value: clean(m[1]) });
    return true;
  },
  // "I just started a new job at Deloitte", "I joined Stripe as a designer", "I got hired at
  // Canva", "I recently moved to Spotify as a data engineer": a new job, said as news. The
  // employer has a name ("I joined a gym", "I moved to Lisbon" say no job).
  (clause, facts) => {
    const m = NEW_JOB.exec(clause.replace(DURATION, '').replace(WHEN_STARTED, ''));
    if (!m?.[1] || !/^\p{Lu}/u.test(m[1])) return false;
    // "I joined Acme in Berlin": where the job is, as the work reader above reads it.
    const where = /^(.+?)\s+in\s+(\p{Lu}[^,;.!?]*)$/u.exec(m[1]);
    const placed = where?.[2] && !NOT_PLACES.test(where[2]) ? where : undefined;
    facts.push({ slot: 'employer', verb: 'works at', value: clean(placed?.[1] ?? m[1]) });
    if (m[3])
      facts.push({
        slot: 'role',
        verb: `works as ${(m[2] ?? 'a').toLowerCase()}`,
        value: clean(m[3]),
      });
    if (placed?.[2]) facts.push({ slot: 'place', verb: 'lives in', value: clean(placed[2]) });
    return true;
  },
];
