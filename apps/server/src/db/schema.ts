import type { CatalogTables } from '../catalog/tables';
import type { AuthTables } from '../auth/tables';

/** The whole database, composed from each feature's own tables. */
export interface Database extends CatalogTables, AuthTables {}
