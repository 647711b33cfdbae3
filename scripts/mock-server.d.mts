import type { Server } from "node:http";
import type { Mock, ScenarioOption } from "../src/mock/index.js";
export declare function startStatefulMock(options?: {
  host?: string;
  port?: number;
  seed?: number;
  persist?: string;
  scenario?: ScenarioOption;
  log?: (line: string) => void;
}): Promise<{ url: string; stop: () => Promise<void>; mock: Mock; server: Server }>;
