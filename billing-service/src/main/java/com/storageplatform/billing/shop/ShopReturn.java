package com.storageplatform.billing.shop;

import com.storageplatform.billing.creditnote.CreditNote;
import com.storageplatform.billing.invoice.Invoice;
import com.storageplatform.billing.payment.Payment;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * What a return from a shop sale did ({@code POST /v1/invoices/{id}/return}).
 *
 * @param object     always {@code shop_return}
 * @param creditNote the credit note for the lines returned, which lists them; null only when what was returned
 *                   cost nothing
 * @param refund     the money paid back at the desk: a payment with {@code direction: refund},
 *                   {@code credit_note_id} the credit note and {@code refund_of} the sale's payment; null when the
 *                   credit only lowered what the invoice still owed
 * @param invoice    the sale's invoice afterwards, its lines' {@code returned_quantity} counting the return
 */
@Schema(name = "ShopReturn")
record ShopReturn(String object, @Nullable CreditNote creditNote, @Nullable Payment refund, Invoice invoice) {

    static final String OBJECT = "shop_return";
}
