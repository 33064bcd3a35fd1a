package com.storageplatform.compliance.contract;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** The {@code contracts} table, every statement bound to one account. The document is read only on its own. */
@Repository
class ContractRepository {

    private static final String COLUMNS = """
            id, agreement_id, contact_id, site_id, unit_id, status, licence_fee_minor, currency, move_in_date,
            template_version, document_sha256, document_size, signer_name, signer_ip_address, signed_at,
            superseded_by, audit_trail::text AS audit_trail, created_at, updated_at
            """;

    private static final TypeReference<List<Contract.AuditEntry>> AUDIT_TRAIL = new TypeReference<>() {
    };

    private final DatabaseClient db;
    private final JsonMapper json;

    ContractRepository(DatabaseClient db, JsonMapper json) {
        this.db = db;
        this.json = json;
    }

    /** The list's filters; null filters nothing. */
    record Filters(UUID agreementId, UUID contactId, UUID siteId, String status) {
    }

    /**
     * Inserts the contract with its document, unless the agreement has a live contract (awaiting its signature or
     * signed) by then, which a request racing this one made: false then, and nothing is written.
     */
    Mono<Boolean> insertUnlessLive(UUID accountId, Contract c, byte[] document) {
        GenericExecuteSpec insert = AccountStatement.sql(db, accountId, """
                INSERT INTO contracts (account_id, id, agreement_id, contact_id, site_id, unit_id, status,
                       licence_fee_minor, currency, move_in_date, template_version, document, document_sha256,
                       document_size, audit_trail, created_at, updated_at)
                VALUES (:account_id, :id, :agreement_id, :contact_id, :site_id, :unit_id, :status,
                       :licence_fee_minor, :currency, :move_in_date, :template_version, :document, :document_sha256,
                       :document_size, CAST(:audit_trail AS jsonb), :created_at, :updated_at)
                ON CONFLICT (account_id, agreement_id) WHERE status <> 'superseded' DO NOTHING
                """)
                .bind("id", c.id())
                .bind("agreement_id", c.agreementId())
                .bind("contact_id", c.contactId())
                .bind("site_id", c.siteId())
                .bind("unit_id", c.unitId())
                .bind("status", c.status())
                .bind("licence_fee_minor", c.licenceFeeMinor())
                .bind("currency", c.currency())
                .bind("template_version", c.templateVersion())
                .bind("document", ByteBuffer.wrap(document))
                .bind("document_sha256", c.documentSha256())
                .bind("document_size", c.documentSize())
                .bind("audit_trail", json.writeValueAsString(c.auditTrail()))
                .bind("created_at", c.createdAt())
                .bind("updated_at", c.updatedAt());
        return nullable(insert, "move_in_date", c.moveInDate(), LocalDate.class).fetch().rowsUpdated()
                .map(rows -> rows == 1);
    }

    /** Writes what signing or superseding changes. */
    Mono<Void> save(UUID accountId, Contract c) {
        GenericExecuteSpec update = AccountStatement.sql(db, accountId, """
                UPDATE contracts SET status = :status, signer_name = :signer_name,
                       signer_ip_address = :signer_ip_address, signed_at = :signed_at, superseded_by = :superseded_by,
                       audit_trail = CAST(:audit_trail AS jsonb), updated_at = :updated_at
                 WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", c.id())
                .bind("status", c.status())
                .bind("audit_trail", json.writeValueAsString(c.auditTrail()))
                .bind("updated_at", c.updatedAt());
        update = nullable(update, "signer_name", c.signer() == null ? null : c.signer().name(), String.class);
        update = nullable(update, "signer_ip_address", c.signer() == null ? null : c.signer().ipAddress(),
                String.class);
        update = nullable(update, "signed_at", c.signedAt(), Instant.class);
        return nullable(update, "superseded_by", c.supersededBy(), UUID.class).then();
    }

    Mono<Contract> find(UUID accountId, UUID id) {
        return findBy(accountId, id, "");
    }

    /** The contract, its row locked for the rest of the transaction. */
    Mono<Contract> findForUpdate(UUID accountId, UUID id) {
        return findBy(accountId, id, " FOR UPDATE");
    }

    private Mono<Contract> findBy(UUID accountId, UUID id, String lock) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM contracts WHERE account_id = :account_id AND id = :id" + lock)
                .bind("id", id)
                .map(this::toContract)
                .one();
    }

    /** The agreement's live contracts (awaiting signature or signed), locked, oldest first. */
    Flux<Contract> liveOfAgreementForUpdate(UUID accountId, UUID agreementId) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS + """
                 FROM contracts
                 WHERE account_id = :account_id AND agreement_id = :agreement_id AND status <> 'superseded'
                 ORDER BY id FOR UPDATE
                """)
                .bind("agreement_id", agreementId)
                .map(this::toContract)
                .all();
    }

    /** The PDF as it was written. */
    Mono<byte[]> document(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId,
                        "SELECT document FROM contracts WHERE account_id = :account_id AND id = :id")
                .bind("id", id)
                .map(row -> bytes(row.get("document", ByteBuffer.class)))
                .one();
    }

    Mono<Envelopes.ListOf<Contract>> list(Caller caller, Filters f, PageRequest page) {
        return ListQuery.from("SELECT " + COLUMNS + " FROM contracts", caller.accountId())
                .where("agreement_id = :agreement_id", "agreement_id", f.agreementId())
                .where("contact_id = :contact_id", "contact_id", f.contactId())
                .where("site_id = :site_id", "site_id", f.siteId())
                .where("status = :status", "status", f.status())
                .withinSites(caller, "site_id")
                .page(db, page, this::toContract);
    }

    private static byte[] bytes(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        return bytes;
    }

    private Contract toContract(Readable row) {
        String signerName = row.get("signer_name", String.class);
        Instant signedAt = row.get("signed_at", Instant.class);
        Contract.Signer signer = signerName == null ? null
                : new Contract.Signer(signerName, row.get("signer_ip_address", String.class), signedAt);
        return new Contract(row.get("id", UUID.class), Contract.OBJECT, row.get("agreement_id", UUID.class),
                row.get("contact_id", UUID.class), row.get("site_id", UUID.class), row.get("unit_id", UUID.class),
                row.get("status", String.class), row.get("licence_fee_minor", Long.class),
                row.get("currency", String.class), row.get("move_in_date", LocalDate.class),
                row.get("template_version", Integer.class), row.get("document_sha256", String.class),
                row.get("document_size", Integer.class), signedAt, signer, row.get("superseded_by", UUID.class),
                json.readValue(row.get("audit_trail", String.class), AUDIT_TRAIL),
                row.get("created_at", Instant.class), row.get("updated_at", Instant.class));
    }
}
