export declare const mockDir: string;
export declare function compileMock(bundle?: string): Promise<Record<string, string>>;
export declare function writeMock(dir?: string, bundle?: string): Promise<string>;
