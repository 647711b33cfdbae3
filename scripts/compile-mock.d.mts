export declare const mockDir: string;
export declare function compileMock(): Promise<Record<string, string>>;
