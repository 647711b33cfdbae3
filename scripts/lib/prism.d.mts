import type { ChildProcess } from "node:child_process";

export declare function freePort(host?: string): Promise<number>;
export declare function startPrism(options?: {
  host?: string;
  port?: number;
  dynamic?: boolean;
  seed?: string | number;
  log?: (text: string) => void;
  readyTimeoutMs?: number;
}): Promise<{ url: string; stop: () => Promise<void>; child: ChildProcess }>;
