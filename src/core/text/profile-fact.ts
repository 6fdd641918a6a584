// The shape of what profile.ts reads: a fact about the user, the reader of one clause, and how a
// value is cleaned. Split from profile.ts so the readers of each concern (profile-work.ts) share it.

export type ProfileSlot =
  | 'name'
  | 'role'
  | 'employer'
  | 'place'
  | 'person'
  | 'project'
  | 'plan'
  | 'preference'
  | 'dislike'
  | 'learning'
  /** What the user does for fun: "my hobby is sailing", "I'm into pottery". */
  | 'hobby'
  /** The languages the user speaks: "I speak Greek", "I'm fluent in Korean". */
  | 'language';

export interface ProfileFact {
  slot: ProfileSlot;
  /** For a person: who they are to the user ("manager", "partner"). */
  relation?: string;
  /**
   * What links the user to the value, in the third person: "lives in", "is a", "works at";
   * starting with "'s" for a possessive ("'s name is", "'s manager is called").
   */
  verb: string;
  /** The value as said, in the user's own words (first-person pronouns kept). */
  value: string;
}

export type Reader = (clause: string, facts: ProfileFact[]) => boolean;

/** A value as said, without a courtesy or filler after it and without quotes. */
export function clean(value: string): string {
  return value
    .replace(/\s+(?:please|thanks|thank\s+you|btw|by\s+the\s+way|now|currently|these\s+days)$/i, '')
    .replace(/^["']+|["']+$/g, '')
    .trim();
}
