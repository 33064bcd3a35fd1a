package com.storageplatform.billing.creditnote;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * One invoice line a credit note credits, for items returned from a shop sale.
 *
 * @param position    the line's place on the invoice, from 0 as {@code lines} lists them
 * @param quantity    how many of it were returned
 * @param amountMinor what is credited for them, VAT included
 */
@Schema(name = "CreditNoteLine")
public record ReturnedLine(int position, int quantity, long amountMinor) {
}
