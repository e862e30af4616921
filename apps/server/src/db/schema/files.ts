import type { Generated } from 'kysely';

export interface FilesTable {
  id: Generated<number>;
  /** 0 for an operator's upload */
  vendor_id: number;
  user_id: number;
  /** the uploading operator (console), null for vendor uploads */
  operator_id: number | null;
  dir: string;
  /** Path under the image root, with a leading slash: /knowledge/2026/11/ab12….pdf */
  path: string;
  original_name: string;
  size: number;
  created_at: string;
}

export interface KnowledgeItemsTable {
  id: Generated<number>;
  vendor_id: number;
  created_by: number;
  title: string;
  file_url: string;
  file_type: number;
  created_at: string;
}

export interface FilesTables {
  files: FilesTable;
  knowledge_items: KnowledgeItemsTable;
}
