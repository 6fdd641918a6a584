// Types for served-app.mjs (plain JavaScript so that the .mjs scripts run under node as they are).
import type { Browser } from '@playwright/test';

export declare const CHROMIUM_ARGS: string[];
export declare function launchChromium(): Promise<Browser>;
export declare function buildApp(dist: string, env?: NodeJS.ProcessEnv): void;
export declare function serveApp(options?: {
  dist?: string;
  port?: number;
}): Promise<{ url: string; stop: () => void }>;
export declare function reachable(url: string): Promise<boolean>;
export declare function sleep(ms: number): Promise<void>;
