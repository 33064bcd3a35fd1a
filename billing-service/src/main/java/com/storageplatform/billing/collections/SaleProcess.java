package com.storageplatform.billing.collections;

import com.storageplatform.kit.openapi.OneOf;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The {@code sale_process} resource: a lien sale of the goods in a customer's unit for their debt, opened once the
 * customer's arrears case has taken its ladder's last step (docs/api/collections.md, "Lien sale").
 *
 * @param caseId          the customer's arrears case the debt is in
 * @param status          {@code open} (notices going out, the invoices' debts in the sale), {@code sold} (the
 *                        goods sold and the proceeds paid against the debt) or {@code closed} (no sale)
 * @param amountOwedMinor what the process's invoices owe: now while open, as they owed when it was sold or closed
 * @param invoiceIds      the customer's overdue invoices the process took in, oldest due date first
 * @param notices         the notice of intention to sell and its reminders, in the order they go out
 * @param saleDate        the day from which the goods may be sold, stated in every notice
 * @param soldOn          the day the goods were sold; null unless {@code sold}
 * @param proceedsMinor   what the sale raised; null unless {@code sold}
 * @param surplusMinor    what the proceeds left over after paying the debt: owed to the customer
 * @param shortfallMinor  what the debt still owes after the proceeds: still owed by the customer
 * @param closedReason    {@code paid} (the customer paid everything: the case closed) or {@code withdrawn} (the
 *                        operator stopped it); null unless {@code closed}
 */
public record SaleProcess(UUID id, String object, UUID contactId, UUID agreementId, UUID unitId, UUID siteId,
        UUID caseId, @OneOf("STATUSES") String status, long amountOwedMinor, String currency, List<UUID> invoiceIds,
        List<Notice> notices, LocalDate saleDate, @Nullable LocalDate soldOn, @Nullable Long proceedsMinor,
        @Nullable Long surplusMinor, @Nullable Long shortfallMinor,
        @OneOf("CLOSED_REASONS") @Nullable String closedReason, Instant openedAt, Instant soldAt, Instant closedAt,
        Instant createdAt, Instant updatedAt) {

    public static final String OBJECT = "sale_process";
    public static final String OPEN = "open";
    public static final String SOLD = "sold";
    public static final String CLOSED = "closed";
    public static final List<String> STATUSES = List.of(OPEN, SOLD, CLOSED);
    public static final String PAID = "paid";
    public static final String WITHDRAWN = "withdrawn";
    public static final List<String> CLOSED_REASONS = List.of(PAID, WITHDRAWN);

    public SaleProcess {
        invoiceIds = List.copyOf(invoiceIds);
        notices = List.copyOf(notices);
    }

    /**
     * One notice.
     *
     * @param kind  {@code notice_of_sale} (the notice of intention to sell, the day the process opens) or
     *              {@code reminder}
     * @param dueOn the day it goes out, in the account's time zone
     * @param sentAt when {@code sale_process.notice_due} was published for it (crm emails it); null until then,
     *               and for good once the process is no longer open
     */
    @Schema(name = "SaleNotice")
    public record Notice(int index, @OneOf("KINDS") String kind, LocalDate dueOn, @Nullable Instant sentAt) {

        public static final String NOTICE_OF_SALE = "notice_of_sale";
        public static final String REMINDER = "reminder";
        public static final List<String> KINDS = List.of(NOTICE_OF_SALE, REMINDER);
    }
}
