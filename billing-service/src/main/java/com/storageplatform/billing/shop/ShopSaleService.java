package com.storageplatform.billing.shop;

import com.storageplatform.billing.internal.AccountSettings;
import com.storageplatform.billing.internal.Customers;
import com.storageplatform.billing.invoice.Invoice;
import com.storageplatform.billing.invoice.InvoiceLedger;
import com.storageplatform.billing.invoice.IssuedInvoices;
import com.storageplatform.billing.payment.DeskPayments;
import com.storageplatform.billing.payment.Payment;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.request.InboundRequest;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * {@code POST /v1/invoices/shop-sales}: products sold at the desk and paid at once, in the request's one
 * transaction. Everything is judged first (the body, then the customer, products and invoices taken in, their rows
 * locked), then the money is taken ({@link DeskPayments#charge}: a card is charged before anything is written, as
 * a charge cannot be rolled back), and only then is the sale written: its invoice, the stock it takes, the debts
 * taken in and every payment.
 */
@Service
class ShopSaleService {

    private final ShopProducts products;
    private final Customers customers;
    private final AccountSettings settings;
    private final InvoiceLedger ledger;
    private final IssuedInvoices issued;
    private final DeskPayments desk;
    private final Clock clock;

    ShopSaleService(ShopProducts products, Customers customers, AccountSettings settings, InvoiceLedger ledger,
            IssuedInvoices issued, DeskPayments desk, Clock clock) {
        this.products = products;
        this.customers = customers;
        this.settings = settings;
        this.ledger = ledger;
        this.issued = issued;
        this.desk = desk;
        this.clock = clock;
    }

    /**
     * The sale's invoice ({@code source: shop}, {@code paid}): {@code invoice.created} and {@code invoice.finalized},
     * {@code stock.taken} per line, and for the sale and each invoice taken in a {@code succeeded} payment
     * ({@code payment.succeeded}) that pays it ({@code invoice.paid}).
     */
    Mono<Invoice> sell(Caller caller, CreateShopSale body) {
        return InboundRequest.current().flatMap(inbound -> {
            ShopRules.Sale sale = ShopRules.sale(body,
                    inbound.map(InboundRequest::idempotencyKey).isPresent());
            UUID accountId = caller.accountId();
            Mono<Optional<Customers.Customer>> customer = customers.find(accountId, sale.contactId())
                    .map(Optional::of).defaultIfEmpty(Optional.empty());
            Mono<List<SaleProduct>> sold = Flux.fromIterable(sale.items())
                    .concatMap(item -> products.forSale(accountId, item.productId())
                            .map(Optional::of).defaultIfEmpty(Optional.empty()))
                    .collectList()
                    .map(found -> found.stream().map(product -> product.orElse(null)).toList());
            return Mono.zip(customer, sold, debts(accountId, sale.invoiceIds()))
                    .flatMap(read -> {
                        List<Invoice.Line> lines = ShopRules.judge(sale, read.getT1().orElse(null), read.getT2(),
                                read.getT3());
                        return sell(caller, sale, lines, read.getT3());
                    });
        });
    }

    private Mono<Invoice> sell(Caller caller, ShopRules.Sale sale, List<Invoice.Line> lines,
            List<ShopRules.Debt> debts) {
        UUID saleId = Ids.newId();
        long total = ShopRules.total(lines);
        List<DeskPayments.Due> dues = new ArrayList<>();
        if (total > 0) {
            dues.add(new DeskPayments.Due(saleId, total));
        }
        debts.forEach(debt -> dues.add(new DeskPayments.Due(debt.invoice().id(), debt.invoice().collectableMinor())));
        List<UUID> takenIn = debts.stream().map(debt -> debt.invoice().id()).toList();
        UUID accountId = caller.accountId();
        return desk.charge(caller, sale.contactId(), sale.currency(), sale.tender(), dues, "payment")
                .flatMap(charged -> today(accountId)
                        .flatMap(today -> issued.issue(caller, saleId, new IssuedInvoices.Issue(sale.contactId(),
                                sale.currency(), Invoice.SOURCE_SHOP, null, null, lines, 0,
                                collectionMethod(sale.tender()), today)))
                        .thenMany(Flux.fromIterable(lines).concatMap(line ->
                                products.take(caller, saleId, line.productId(), line.quantity())))
                        .then(ledger.takeIntoSale(accountId, saleId, takenIn))
                        .then(desk.record(caller, charged))
                        // A sale of nothing but free products is paid by nothing.
                        .then(total == 0 ? ledger.collected(caller, saleId, 0, false).then() : Mono.empty())
                        .then(ledger.releaseFromSale(accountId, saleId)))
                .then(ledger.lock(accountId, saleId));
    }

    /**
     * Each invoice named, its row locked (in the order of their ids, so two sales naming the same invoices cannot
     * deadlock), with whether a sale has it; answered in the order they were named, null for one the account does
     * not have.
     */
    private Mono<List<ShopRules.Debt>> debts(UUID accountId, List<UUID> ids) {
        return Flux.fromIterable(ids.stream().distinct().sorted(Comparator.naturalOrder()).toList())
                .concatMap(id -> ledger.lock(accountId, id)
                        .flatMap(invoice -> ledger.inSale(accountId, id)
                                .map(inSale -> new ShopRules.Debt(invoice, inSale)))
                        .defaultIfEmpty(new ShopRules.Debt(null, false))
                        .map(debt -> Map.entry(id, debt)))
                .collect(HashMap<UUID, ShopRules.Debt>::new, (all, one) -> all.put(one.getKey(), one.getValue()))
                .map(found -> ids.stream().map(found::get).toList());
    }

    private Mono<LocalDate> today(UUID accountId) {
        return settings.of(accountId).map(account -> LocalDate.now(clock.withZone(account.timezone())));
    }

    private static String collectionMethod(DeskPayments.Tender tender) {
        return Payment.CARD.equals(tender.rail()) ? Invoice.CARD : Invoice.OFFLINE;
    }
}
