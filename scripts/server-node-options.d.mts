export declare const SERVER_NODE_OPTIONS: string;
export declare function serverNodeOptions(existing?: string): string;
