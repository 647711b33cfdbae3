export declare const docsPath: string;
export declare function buildDocs(outFile?: string): Promise<string>;
