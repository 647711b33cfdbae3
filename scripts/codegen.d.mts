export declare const typesPath: string;
export declare const codegenOptions: import("openapi-typescript").OpenAPITSOptions;
export declare function generateTypes(): Promise<string>;
