import type { CatalogTables } from '../catalog/tables';
import type { AuthTables } from '../auth/tables';
import type { CartTables } from '../cart/tables';
import type { AddressTables } from '../addresses/tables';
import type { OrderTables } from '../orders/tables';
import type { ChatTables } from '../chat/tables';
import type { PaymentTables } from '../payments/tables';
import type { AuditTables } from '../audit/tables';
import type { NotificationTables } from '../notifications/tables';
import type { TaxInvoiceTables } from '../taxInvoices/tables';
import type { ReturnTables } from '../returns/tables';
import type { SettingsTables } from '../settings/tables';

/** The whole database, composed from each feature's own tables. */
export interface Database
  extends
    CatalogTables,
    AuthTables,
    CartTables,
    AddressTables,
    OrderTables,
    ChatTables,
    PaymentTables,
    AuditTables,
    NotificationTables,
    TaxInvoiceTables,
    ReturnTables,
    SettingsTables {}
