import type { CatalogTables } from '../catalog/tables';
import type { AuthTables } from '../auth/tables';
import type { CartTables } from '../cart/tables';

/** The whole database, composed from each feature's own tables. */
export interface Database extends CatalogTables, AuthTables, CartTables {}
