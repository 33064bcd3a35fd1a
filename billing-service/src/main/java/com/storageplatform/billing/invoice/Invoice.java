package com.storageplatform.billing.invoice;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.storageplatform.kit.openapi.OneOf;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The {@code invoice} resource. Every figure is an integer of minor units in {@code currency}; line amounts include
 * their VAT (and IPT for insurance). What is owed is {@code amount_due_minor} = {@code total_minor} less what was
 * paid, credited and written off; on a void invoice it is what was due when it was voided, and nothing is owed.
 *
 * @param source                  {@code api}, {@code order} (an order paid through commerce), {@code shop} (a sale
 *                                at the desk), {@code billing_run}, {@code dunning} (a late fee invoiced on its
 *                                own) or {@code import} (an opening balance from the operator's previous system)
 * @param dueDate                 for an invoice collected by Direct Debit always a working day in England and Wales
 * @param amountInFlightMinor     collections asked of a provider and not settled yet (a card awaiting step-up, a
 *                                Direct Debit before the provider confirms it)
 * @param voidedFrom              the status it was voided from; null unless void
 * @param voidReason              the reason a member of staff picked; null through the API, from draft, and unless
 *                                void
 * @param writeOffReason          why the debt was written off; null unless written off
 */
public record Invoice(UUID id, String object, UUID contactId, UUID subscriptionId, UUID orderId,
        @OneOf("SOURCES") String source, @OneOf("STATUSES") String status, String currency,
        @OneOf("COLLECTION_METHODS") String collectionMethod, String description, LocalDate dueDate, List<Line> lines,
        long totalMinor, long vatMinor, long iptMinor, long amountPaidMinor, long amountCreditedMinor,
        long amountWrittenOffMinor, long amountDueMinor, long amountInFlightMinor,
        @OneOf("VOIDABLE") @Nullable String voidedFrom, @Nullable String voidReason, @Nullable String writeOffReason,
        Instant finalizedAt, Instant paidAt, Instant voidedAt, Instant writtenOffAt, Instant createdAt,
        Instant updatedAt) {

    public static final String OBJECT = "invoice";
    public static final String DRAFT = "draft";
    public static final String OPEN = "open";
    public static final String PARTIALLY_PAID = "partially_paid";
    public static final String OVERDUE = "overdue";
    public static final String PAID = "paid";
    public static final String VOID = "void";
    public static final List<String> STATUSES = List.of(DRAFT, OPEN, PARTIALLY_PAID, OVERDUE, PAID, VOID);
    /** The statuses a payment may be taken against (payment rule 2). */
    public static final Set<String> PAYABLE = Set.of(OPEN, PARTIALLY_PAID, OVERDUE);
    public static final List<String> VOIDABLE = List.of(DRAFT, OPEN, OVERDUE);
    public static final String CARD = "card";
    public static final String BACS_DD = "bacs_dd";
    public static final String OFFLINE = "offline";
    public static final List<String> COLLECTION_METHODS = List.of(CARD, BACS_DD, OFFLINE);
    public static final String SOURCE_API = "api";
    public static final String SOURCE_ORDER = "order";
    public static final String SOURCE_SHOP = "shop";
    public static final String SOURCE_BILLING_RUN = "billing_run";
    /** A late fee the dunning ladder charged a customer with no running plan to bill it. */
    public static final String SOURCE_DUNNING = "dunning";
    /** A balance a customer owed in the operator's previous system, brought in by one of commerce's imports. */
    public static final String SOURCE_IMPORT = "import";
    public static final List<String> SOURCES = List.of(SOURCE_API, SOURCE_ORDER, SOURCE_SHOP, SOURCE_BILLING_RUN,
            SOURCE_DUNNING, SOURCE_IMPORT);

    /**
     * One line. {@code amount_minor} is the price of one, {@code total_minor} that times {@code quantity}; both
     * include the line's VAT (and IPT on an insurance line).
     *
     * @param kind             {@code charge}, {@code product}, {@code fee}, {@code licence_fee}, {@code insurance}
     *                         or {@code deposit} (a refundable deposit, outside the scope of VAT)
     * @param vatMinor         the VAT within {@code total_minor}
     * @param iptMinor         the insurance premium tax within {@code total_minor} (insurance lines only)
     * @param returnedQuantity how many were returned from a shop sale
     */
    @Schema(name = "InvoiceLine")
    public record Line(@OneOf("KINDS") String kind, String description, int quantity, long amountMinor,
            long totalMinor, @OneOf("VAT_TREATMENTS") String vatTreatment, long vatMinor, long iptMinor,
            UUID productId, int returnedQuantity) {

        public static final String CHARGE = "charge";
        public static final String PRODUCT = "product";
        public static final String INSURANCE = "insurance";
        public static final String DEPOSIT = "deposit";
        public static final List<String> KINDS = List.of(CHARGE, PRODUCT, "fee", "licence_fee", INSURANCE,
                DEPOSIT);
        public static final String STANDARD_20 = "standard_20";
        public static final String EXEMPT = "exempt";
        public static final String OUTSIDE_SCOPE = "outside_scope";
        public static final List<String> VAT_TREATMENTS = List.of(STANDARD_20, "reduced_5", "zero", EXEMPT,
                OUTSIDE_SCOPE);
    }

    @JsonIgnore
    public boolean isShopSale() {
        return SOURCE_SHOP.equals(source);
    }

    @JsonIgnore
    public boolean isWrittenOff() {
        return writtenOffAt != null;
    }

    /** What a new collection may still ask for: what is owed less what is already being collected. */
    @JsonIgnore
    public long collectableMinor() {
        return Math.max(0, amountDueMinor - amountInFlightMinor);
    }

    /** This draft as finalizing leaves it: {@code open}, due on {@code due}, finalized at {@code at}. */
    Invoice finalized(LocalDate due, Instant at) {
        return new Invoice(id, object, contactId, subscriptionId, orderId, source, OPEN, currency, collectionMethod,
                description, due, lines, totalMinor, vatMinor, iptMinor, amountPaidMinor, amountCreditedMinor,
                amountWrittenOffMinor, amountDueMinor, amountInFlightMinor, voidedFrom, voidReason, writeOffReason,
                at, paidAt, voidedAt, writtenOffAt, createdAt, at);
    }

    Invoice withLines(List<Line> newLines) {
        return new Invoice(id, object, contactId, subscriptionId, orderId, source, status, currency,
                collectionMethod, description, dueDate, List.copyOf(newLines), totalMinor, vatMinor, iptMinor,
                amountPaidMinor, amountCreditedMinor, amountWrittenOffMinor, amountDueMinor, amountInFlightMinor,
                voidedFrom, voidReason, writeOffReason, finalizedAt, paidAt, voidedAt, writtenOffAt, createdAt,
                updatedAt);
    }
}
