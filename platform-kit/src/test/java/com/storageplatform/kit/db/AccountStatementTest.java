package com.storageplatform.kit.db;

import static com.storageplatform.kit.db.Bindings.nullable;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;

/** Single-row statements against real PostgreSQL: always the account's rows, never another's. */
@PlatformTest
class AccountStatementTest {

    private static final String INSERT = """
            INSERT INTO samples (id, account_id, name, status, note, created_at)
            VALUES (:id, :account_id, :name, 'active', :note, now())""";
    private static final String FIND = "SELECT name FROM samples WHERE account_id = :account_id AND id = :id";

    @Autowired
    DatabaseClient db;

    private UUID insert(UUID accountId, String name, String note) {
        UUID id = Ids.newId();
        nullable(AccountStatement.sql(db, accountId, INSERT).bind("id", id).bind("name", name), "note", note,
                String.class).then().block();
        return id;
    }

    @Test
    void aReadByIdSeesOnlyItsAccountsRow() {
        UUID mine = UUID.randomUUID();
        UUID theirs = UUID.randomUUID();
        UUID id = insert(theirs, "theirs", null);

        assertThat(AccountStatement.sql(db, mine, FIND).bind("id", id).mapValue(String.class).one().blockOptional())
                .isEmpty();
        assertThat(AccountStatement.sql(db, theirs, FIND).bind("id", id).mapValue(String.class).one().block())
                .isEqualTo("theirs");
    }

    @Test
    void anUpdateOrDeleteOfAnotherAccountsRowChangesNothing() {
        UUID mine = UUID.randomUUID();
        UUID theirs = UUID.randomUUID();
        UUID id = insert(theirs, "theirs", "kept");

        Long updated = AccountStatement.sql(db, mine,
                        "UPDATE samples SET name = 'taken' WHERE account_id = :account_id AND id = :id")
                .bind("id", id).fetch().rowsUpdated().block();
        Long deleted = AccountStatement.sql(db, mine, "DELETE FROM samples WHERE account_id = :account_id AND id = :id")
                .bind("id", id).fetch().rowsUpdated().block();

        assertThat(updated).isZero();
        assertThat(deleted).isZero();
        assertThat(AccountStatement.sql(db, theirs, FIND).bind("id", id).mapValue(String.class).one().block())
                .isEqualTo("theirs");
    }

    @Test
    void aStatementThatDoesNotUseTheAccountIsRefusedBeforeItRuns() {
        assertThatThrownBy(() -> AccountStatement.sql(db, UUID.randomUUID(), "SELECT name FROM samples WHERE id = :id"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(":account_id");
        assertThatThrownBy(() -> AccountStatement.sql(db, UUID.randomUUID(),
                "SELECT name FROM samples WHERE account_id = :account_identity"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> AccountStatement.sql(db, null, FIND)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void aNullableValueIsBoundAsATypedNull() {
        UUID account = UUID.randomUUID();
        UUID noted = insert(account, "noted", "a note");
        UUID bare = insert(account, "bare", null);

        String sql = "SELECT note FROM samples WHERE account_id = :account_id AND id = :id";
        assertThat(AccountStatement.sql(db, account, sql).bind("id", noted).mapValue(String.class).one().block())
                .isEqualTo("a note");
        assertThat(AccountStatement.sql(db, account, "SELECT note IS NULL AS bare FROM samples "
                + "WHERE account_id = :account_id AND id = :id").bind("id", bare).mapValue(Boolean.class).one().block())
                .isTrue();
    }
}
