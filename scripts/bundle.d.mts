export declare const bundlePath: string;
export declare function bundleSpec(outFile?: string): Promise<string>;
