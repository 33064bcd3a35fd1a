package com.storageplatform.commerce.imports;

import com.storageplatform.commerce.contact.Contact;
import com.storageplatform.commerce.contact.ContactImports;
import com.storageplatform.commerce.imports.ImportColumns.Column;
import com.storageplatform.commerce.imports.ImportColumns.Layout;
import com.storageplatform.commerce.imports.ImportRepository.Stored;
import java.time.Clock;
import java.util.List;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Contacts: every row, and the import's end, in ONE commerce transaction, each contact with its
 * {@code contact.created}: a file is imported whole or not at all.
 */
@Component
class ContactKind implements ImportKind<Contact> {

    private static final int BATCH = 500;

    private final ContactImports contacts;
    private final TransactionalOperator tx;
    private final Clock clock;

    ContactKind(ContactImports contacts, TransactionalOperator tx, Clock clock) {
        this.contacts = contacts;
        this.tx = tx;
        this.clock = clock;
    }

    @Override
    public List<Column> columns() {
        return ContactRows.COLUMNS;
    }

    @Override
    public Contact check(Stored claim, Layout layout, CsvFile.Row row, List<ImportProblem> problems) {
        return ContactRows.check(layout, row, clock.instant(), problems).contact();
    }

    @Override
    public Mono<Import> write(Stored claim, Layout layout, Flux<Contact> rows, Mono<Import> finish) {
        var importer = claim.actingAs(ImportWorker.CREDENTIAL);
        return tx.transactional(rows.buffer(BATCH)
                .concatMap(batch -> contacts.createAll(importer, batch))
                .then(finish));
    }
}
