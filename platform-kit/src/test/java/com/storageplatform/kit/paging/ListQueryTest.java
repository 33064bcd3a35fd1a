package com.storageplatform.kit.paging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.kit.db.Bindings;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.web.Envelopes;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;

/** What a list binds besides its filters, against real PostgreSQL. */
@PlatformTest
class ListQueryTest {

    @Autowired
    DatabaseClient db;

    private final UUID account = UUID.randomUUID();

    private void insert(String name, String note, Instant createdAt) {
        Bindings.nullable(db.sql("""
                INSERT INTO samples (id, account_id, name, status, note, created_at)
                VALUES (:id, :account_id, :name, 'active', :note, :created_at)""")
                .bind("id", Ids.newId()).bind("account_id", account).bind("name", name)
                .bind("created_at", createdAt), "note", note, String.class)
                .then().block();
    }

    private Envelopes.ListOf<String> page(ListQuery query) {
        return query.page(db, PageRequest.first(10), row -> row.get("name", String.class)).block();
    }

    private ListQuery samples() {
        return ListQuery.from("SELECT * FROM samples", account);
    }

    @Test
    void aValueUsedOnlyInAConditionIsBoundWithoutAFilterOfItsOwn() {
        Instant now = Instant.parse("2026-03-01T12:00:00Z");
        insert("before", "n", now.minus(1, ChronoUnit.DAYS));
        insert("after", "n", now.plus(1, ChronoUnit.DAYS));

        assertThat(page(samples().where("created_at <= :now").bind("now", now)).data()).containsExactly("before");
        assertThat(page(samples().where("created_at > :now").bind("now", now)).data()).containsExactly("after");
    }

    @Test
    void anOptionalFilterThatIsNullStillTakesPartInItsCondition() {
        Instant at = Instant.parse("2026-03-01T12:00:00Z");
        insert("noted", "urgent", at);
        insert("bare", null, at);
        String condition = "note IS NOT DISTINCT FROM :note";

        assertThat(page(samples().where(condition).bindNullable("note", null, String.class)).data())
                .containsExactly("bare");
        assertThat(page(samples().where(condition).bindNullable("note", "urgent", String.class)).data())
                .containsExactly("noted");
        // where(condition, name, null) leaves the filter out altogether: both rows.
        assertThat(page(samples().where(condition, "note", null)).data()).containsExactlyInAnyOrder("noted", "bare");
    }

    @Test
    void bindRefusesANullItCannotType() {
        assertThatThrownBy(() -> samples().bind("now", null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("bindNullable");
    }
}
