package com.storageplatform.billing.shop;

import com.storageplatform.billing.creditnote.CreditNote;
import com.storageplatform.billing.creditnote.CreditNotes;
import com.storageplatform.billing.creditnote.ReturnedLine;
import com.storageplatform.billing.invoice.Invoice;
import com.storageplatform.billing.invoice.InvoiceLedger;
import com.storageplatform.billing.payment.DeskPayments;
import com.storageplatform.billing.payment.Payment;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.request.InboundRequest;
import com.storageplatform.kit.web.ApiException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * {@code POST /v1/invoices/{id}/return}: items brought back from a shop sale, in the request's one transaction.
 * The sale's invoice is locked and everything judged before anything is written; then the lines' returned
 * quantities, the credit note, the stock put back and, when money was taken, the refund paid out at the desk. A
 * card refund is asked of the provider last, so a provider that refuses it rolls the whole return back.
 */
@Service
class ShopReturnService {

    private final InvoiceLedger ledger;
    private final CreditNotes creditNotes;
    private final ShopProducts products;
    private final DeskPayments desk;

    ShopReturnService(InvoiceLedger ledger, CreditNotes creditNotes, ShopProducts products, DeskPayments desk) {
        this.ledger = ledger;
        this.creditNotes = creditNotes;
        this.products = products;
        this.desk = desk;
    }

    /**
     * The credit note ({@code credit_note.created}) for the lines returned, at their price; it first covers what the
     * invoice still owes ({@code invoice.updated}, or {@code invoice.paid}), and the rest is paid back as a refund
     * naming it ({@code payment.refunded}); {@code stock.returned} per line.
     */
    Mono<ShopReturn> returnItems(Caller caller, UUID invoiceId, ReturnItems body) {
        return InboundRequest.current().flatMap(inbound -> {
            ShopRules.Return asked = ShopRules.returns(body,
                    inbound.map(InboundRequest::idempotencyKey).isPresent());
            return ledger.lock(caller.accountId(), invoiceId)
                    .switchIfEmpty(Mono.error(ApiException.notFound()))
                    .flatMap(invoice -> {
                        if (!invoice.isShopSale()) {
                            return Mono.error(ApiException.conflict("Only a shop sale's invoice takes a return; "
                                    + "this one's source is " + invoice.source() + ". Issue a credit note "
                                    + "instead (POST /v1/credit-notes)."));
                        }
                        List<ReturnedLine> lines = ShopRules.credited(invoice, asked.lines());
                        long amount = lines.stream().mapToLong(ReturnedLine::amountMinor).sum();
                        long refund = amount - Math.min(amount, invoice.amountDueMinor());
                        ShopRules.refundWanted(asked.refund(), refund);
                        Mono<Optional<Payment>> from = refund == 0 ? Mono.just(Optional.empty())
                                : desk.refundable(caller, invoiceId, refund)
                                        .doOnNext(original -> ShopRules.refundRail(asked.refund(), original))
                                        .map(Optional::of);
                        return from.flatMap(original -> write(caller, invoice, lines, amount, refund,
                                asked.refund(), original.orElse(null)));
                    });
        });
    }

    private Mono<ShopReturn> write(Caller caller, Invoice invoice, List<ReturnedLine> lines, long amount,
            long refund, DeskPayments.RefundTender tender, Payment original) {
        UUID accountId = caller.accountId();
        // Recorded first, so the invoice the credit note's events carry counts the return.
        Mono<Void> recorded = Flux.fromIterable(lines)
                .concatMap(line -> ledger.returned(accountId, invoice.id(), line.position(), line.quantity()))
                .then();
        // Products that cost nothing are returned without a credit note: there is nothing to credit.
        Mono<Optional<CreditNote>> credited = amount == 0 ? Mono.just(Optional.empty())
                : creditNotes.issueForReturn(caller, invoice, lines, amount)
                        .map(credit -> Optional.of(credit.creditNote()));
        return recorded.then(credited).flatMap(note -> Flux.fromIterable(lines)
                .concatMap(line -> products.putBack(caller, invoice.id(),
                        invoice.lines().get(line.position()).productId(), line.quantity()))
                .then(refund == 0 ? Mono.just(Optional.<Payment>empty())
                        : desk.refund(caller, original, refund, tender, note.orElseThrow().id()).map(Optional::of))
                .flatMap(paid -> ledger.lock(accountId, invoice.id())
                        .map(after -> new ShopReturn(ShopReturn.OBJECT, note.orElse(null), paid.orElse(null),
                                after))));
    }
}
