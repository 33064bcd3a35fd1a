package com.storageplatform.billing.openingbalance;

import com.storageplatform.billing.invoice.Invoice;
import com.storageplatform.billing.invoice.IssuedInvoices;
import com.storageplatform.billing.openingbalance.OpeningBalanceAnswer.Written;
import com.storageplatform.billing.openingbalance.OpeningBalanceBatch.Row;
import com.storageplatform.billing.openingbalance.OpeningBalanceRules.Balance;
import com.storageplatform.billing.openingbalance.OpeningBalanceRules.Judged;
import com.storageplatform.kit.caller.Caller;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Invoices a batch of an import's opening balances, all or none, in one transaction (internal routes run outside
 * the request transaction of {@code /v1}). Each is issued as billing issues its own invoices ({@link IssuedInvoices}:
 * {@code invoice.created} then {@code invoice.finalized}), so accounting, the overdue sweep and collections follow
 * it like any other. A row written before under the same import key is answered, not written again.
 */
@Service
class OpeningBalanceService {

    private final OpeningBalanceRepository rows;
    private final IssuedInvoices invoices;
    private final TransactionalOperator tx;

    OpeningBalanceService(OpeningBalanceRepository rows, IssuedInvoices invoices, TransactionalOperator tx) {
        this.rows = rows;
        this.invoices = invoices;
        this.tx = tx;
    }

    Mono<OpeningBalanceAnswer> run(Caller caller, OpeningBalanceBatch batch) {
        return Mono.defer(() -> {
            List<Row> batchRows = OpeningBalanceRules.rows(batch);
            UUID account = caller.accountId();
            String key = batch.importKey();
            return rows.lock(account, key)
                    .then(rows.written(account, key, batchRows.stream().map(Row::row).toList()))
                    .flatMap(written -> {
                        Judged judged = OpeningBalanceRules.judge(
                                batchRows.stream().filter(row -> !written.containsKey(row.row())).toList());
                        if (!judged.problems().isEmpty() || batch.dryRun()) {
                            return Mono.just(OpeningBalanceAnswer.of(judged.problems(), List.of()));
                        }
                        return Flux.fromIterable(batchRows)
                                .concatMap(row -> written.containsKey(row.row())
                                        ? Mono.just(new Written(row.row(), written.get(row.row()), false))
                                        : write(caller, key, row.row(), judged.balances().get(row.row())))
                                .collectList()
                                .map(done -> OpeningBalanceAnswer.of(List.of(), done));
                    });
        }).as(tx::transactional);
    }

    /**
     * The balance as an {@code open} invoice of one {@code charge} line, outside the scope of VAT (whatever VAT it
     * carried was accounted for by the previous system), collected offline, due on its due date even a past one.
     */
    private Mono<Written> write(Caller caller, String key, int row, Balance balance) {
        IssuedInvoices.Issue issue = new IssuedInvoices.Issue(balance.contactId(), balance.currency(),
                Invoice.SOURCE_IMPORT, null, balance.description(),
                List.of(IssuedInvoices.line(Invoice.Line.CHARGE, balance.description(), 1, balance.amountMinor(),
                        Invoice.Line.OUTSIDE_SCOPE, null)),
                0, Invoice.OFFLINE, balance.dueDate());
        return invoices.issue(caller, issue)
                .flatMap(invoice -> rows.insert(caller.accountId(), key, row, invoice.id(), balance.agreementId(),
                                balance.siteId())
                        .thenReturn(new Written(row, invoice.id(), true)));
    }
}
