package com.storageplatform.billing.payment;

import com.storageplatform.billing.internal.AccountSettings;
import com.storageplatform.billing.internal.Customers;
import com.storageplatform.billing.invoice.Invoice;
import com.storageplatform.billing.invoice.InvoiceLedger;
import com.storageplatform.billing.invoice.IssuedInvoices;
import com.storageplatform.billing.invoice.PlanCustomers;
import com.storageplatform.billing.payment.Payers.Payer;
import com.storageplatform.billing.payment.PaymentRules.Request;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.request.InboundRequest;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Clock;
import java.time.LocalDate;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * Payments of the caller's account: taken (payments rules 1 to 6, judged in the spec's order), read and listed.
 * Each request is one transaction: the invoice's row is locked before anything is judged against it, so two
 * payments racing for the last amount owed queue on it and the second sees what the first took.
 */
@Service
class PaymentService {

    private final PaymentRepository payments;
    private final Payers payers;
    private final PaymentRails rails;
    private final InvoiceLedger ledger;
    private final IssuedInvoices issued;
    private final Customers customers;
    private final AccountSettings settings;
    private final PlanCustomers planCustomers;
    private final Clock clock;

    PaymentService(PaymentRepository payments, Payers payers, PaymentRails rails, InvoiceLedger ledger,
            IssuedInvoices issued, Customers customers, AccountSettings settings, PlanCustomers planCustomers,
            Clock clock) {
        this.payments = payments;
        this.payers = payers;
        this.rails = rails;
        this.ledger = ledger;
        this.issued = issued;
        this.customers = customers;
        this.settings = settings;
        this.planCustomers = planCustomers;
        this.clock = clock;
    }

    /**
     * The order of judgement: the body (with rules 1 and 3), the invoice named (422 {@code not_found} when the
     * account has none), the customer and their card or mandate, then rules 4, 5 and 2 and what is left to collect
     * ({@link PaymentRules#judge}). An order's payment has its invoice issued once the payer is known.
     */
    Mono<Payment> create(Caller caller, CreatePayment body) {
        return InboundRequest.current().flatMap(inbound -> {
            boolean keyed = inbound.map(InboundRequest::idempotencyKey).isPresent();
            Request request = PaymentRules.check(body, keyed);
            Mono<Optional<Invoice>> named = request.invoiceId() == null ? Mono.just(Optional.empty())
                    : ledger.lock(caller.accountId(), request.invoiceId()).map(Optional::of)
                            .switchIfEmpty(Mono.error(() -> ApiException.invalid("invoice_id",
                                    FieldIssue.NOT_FOUND)));
            return named.flatMap(invoice -> {
                boolean contactNamed = request.contactId() != null;
                UUID contactId = contactNamed ? request.contactId() : invoice.get().contactId();
                return customer(caller, request, contactId, invoice.isPresent())
                        .then(payers.of(caller, request, contactId, contactNamed))
                        .flatMap(payer -> request.isOrder()
                                ? orderInvoice(caller, request, payer).flatMap(issuedInvoice ->
                                        pay(caller, request, payer, issuedInvoice))
                                : pay(caller, request, payer, invoice.orElse(null)));
            });
        });
    }

    private Mono<Payment> pay(Caller caller, Request request, Payer payer, Invoice invoice) {
        Mono<Optional<UUID>> planCustomer = request.subscriptionId() == null ? Mono.just(Optional.empty())
                : planCustomers.customerOf(caller, request.subscriptionId()).map(Optional::of)
                        .defaultIfEmpty(Optional.empty());
        return planCustomer.flatMap(owner -> {
            PaymentRules.judge(request, payer.contactId(), invoice, owner.orElse(null));
            return rails.take(caller, request, payer, invoice);
        });
    }

    /** A customer named in the body must be one billing knows; the walk-in record pays only its own invoices. */
    private Mono<Void> customer(Caller caller, Request request, UUID contactId, boolean withInvoice) {
        if (request.contactId() == null) {
            return Mono.empty();
        }
        return customers.find(caller.accountId(), contactId)
                .switchIfEmpty(Mono.error(() -> ApiException.invalid("contact_id", FieldIssue.NOT_FOUND)))
                .flatMap(customer -> customer.walkIn() && !withInvoice
                        ? Mono.error(ApiException.invalid("contact_id", FieldIssue.NOT_ALLOWED,
                                "The walk-in sales record pays only for its own invoices."))
                        : Mono.<Void>empty());
    }

    /**
     * The invoice an order's payment is taken against: the one an earlier payment of the order was taken against
     * while it is still owed exactly this amount (a retried payment after a failure), else a new one billing issues
     * from the order's lines and deposit, {@code open} and due today (a Direct Debit's on its charge date).
     */
    private Mono<Invoice> orderInvoice(Caller caller, Request request, Payer payer) {
        return payments.latestInvoiceOfOrder(caller.accountId(), request.orderId())
                .flatMap(invoiceId -> ledger.lock(caller.accountId(), invoiceId))
                .filter(earlier -> Invoice.PAYABLE.contains(earlier.status())
                        && earlier.collectableMinor() == request.amountMinor()
                        && earlier.currency().equals(request.currency()))
                .switchIfEmpty(Mono.defer(() -> dueDate(caller, request, payer)
                        .flatMap(due -> issued.issue(caller, new IssuedInvoices.Issue(payer.contactId(),
                                request.currency(), Invoice.SOURCE_ORDER, request.orderId(), request.description(),
                                request.orderLines(), request.depositMinor(), request.rail(), due)))
                        .flatMap(invoice -> ledger.lock(caller.accountId(), invoice.id()))));
    }

    private Mono<LocalDate> dueDate(Caller caller, Request request, Payer payer) {
        if (Payment.BACS_DD.equals(request.rail())) {
            return rails.chargeDate(caller, null, payer);
        }
        return settings.of(caller.accountId())
                .map(account -> LocalDate.now(clock.withZone(account.timezone())));
    }

    Mono<Payment> read(Caller caller, UUID id) {
        return payments.find(caller.accountId(), id).switchIfEmpty(Mono.error(ApiException.notFound()));
    }

    Mono<Envelopes.ListOf<Payment>> list(Caller caller, UUID invoiceId, UUID contactId, String status, String rail,
            PageRequest page) {
        return payments.list(caller.accountId(), invoiceId, contactId, status, rail, page);
    }
}
