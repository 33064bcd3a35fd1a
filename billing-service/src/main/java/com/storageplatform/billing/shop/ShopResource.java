package com.storageplatform.billing.shop;

import com.storageplatform.billing.invoice.Invoice;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.ApiErrors;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * Shop sales at the desk and returns from them (scope {@code billing:write}, at the gateway): a sale is an invoice
 * of products ({@code source: shop}) paid at once; its items are returned rather than credited or voided.
 */
@RestController
@ScopeFamily("billing")
class ShopResource {

    private final ShopSaleService sales;
    private final ShopReturnService returns;

    ShopResource(ShopSaleService sales, ShopReturnService returns) {
        this.sales = sales;
        this.returns = returns;
    }

    /**
     * Sells products at the desk to a customer or to the account's walk-in sales record, and pays for them at once:
     * 201 with the sale's invoice, {@code source: shop}, {@code paid}, one {@code product} line per item (the
     * product's price of one, VAT included, and its {@code vat_treatment}), due today ({@code invoice.created},
     * {@code invoice.finalized}, {@code invoice.paid}). Each item's stock is taken from the shelf (the catalogue's
     * {@code stock_on_hand} follows). A customer's outstanding invoices named in {@code invoice_ids} are taken in
     * and paid in full with the sale. Every invoice is paid by a payment of its own ({@code payment.succeeded}): an
     * offline payment (with an {@code Idempotency-Key}) is recorded, a card is charged once per invoice.
     *
     * <p>422 {@code validation_error} naming each bad field: a product the desk does not sell or priced in another
     * currency ({@code items[i].product_id}), an invoice that is not the account's ({@code not_found}) or not the
     * customer's ({@code invalid}) on {@code invoice_ids[i]}, invoices with the walk-in record, an amount under the
     * card minimum of 30 ({@code below_minimum}), {@code Idempotency-Key} {@code required} for an offline payment.
     * 409 {@code conflict} for an invoice that cannot be taken in (not open, partially paid or overdue; written off;
     * in another sale; a collection in progress), and for a card not charged, with {@code details[0].issue}
     * {@code card_declined}, {@code card_requires_action} (the desk cannot do the customer's step-up: take the
     * payment on the card terminal) or {@code card_processing}: whatever the card took is given back and nothing is
     * written.
     */
    @PostMapping("/v1/invoices/shop-sales")
    @ResponseStatus(HttpStatus.CREATED)
    @ApiErrors(ErrorCode.CONFLICT)
    Mono<Envelopes.Data<Invoice>> sell(Caller caller, @RequestBody CreateShopSale body) {
        return sales.sell(caller, body).map(Envelopes::data);
    }

    /**
     * Takes items back from a shop sale: 200 with the {@code shop_return}, its credit note for the lines returned
     * ({@code credit_note.created}; their {@code returned_quantity} grows), the refund paid out at the desk (a
     * payment with {@code direction: refund}, {@code credit_note_id} set and {@code refund_of} the sale's payment,
     * {@code payment.refunded}) or null when the credit only lowered what was still owed, and the invoice. The
     * stock is put back on the shelf.
     *
     * <p>422 {@code validation_error}: a line the invoice does not have ({@code not_found}) or that is not a product
     * ({@code invalid}) on {@code lines[i].line}, more than is left to return ({@code above_maximum} on
     * {@code lines[i].quantity}), {@code refund} {@code required} when money is paid back and {@code not_allowed}
     * when none is, {@code refund.rail} {@code card} for a sale not paid by card, {@code Idempotency-Key}
     * {@code required} for an offline refund. 409 {@code conflict} for an invoice that is not a shop sale's, and
     * when no payment of the sale has the money left to pay back.
     */
    @PostMapping("/v1/invoices/{id}/return")
    @ApiErrors(ErrorCode.CONFLICT)
    Mono<Envelopes.Data<ShopReturn>> returnItems(Caller caller, @PathVariable String id,
            @RequestBody ReturnItems body) {
        return returns.returnItems(caller, Ids.fromPath(id), body).map(Envelopes::data);
    }
}
