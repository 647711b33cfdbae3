export declare function redocly(args: string[]): Promise<{ stdout: string; stderr: string }>;
