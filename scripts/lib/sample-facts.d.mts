// Types for sample-facts.mjs (plain JavaScript so that the .mjs scripts run under node as they are).
export declare function sampleFacts(count: number): {
  id: string;
  content: string;
  category: string;
  confidence: number;
  createdAt: string;
  source: string;
}[];
