export declare const releasedDir: string;
export declare function breakingAllowed(released: string, version: string): boolean;
export declare function majorChanges(base: string, revision: string): Promise<string[]>;
export declare function checkBreaking(options?: { base?: string; revision?: string; released?: string; version?: string }): Promise<{ released: string; version: string; majors: string[]; ok: boolean }>;
