package com.storageplatform.kit.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.CallerAuthentication;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformInfrastructure;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import java.sql.Connection;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.DataAccessException;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.security.core.context.ReactiveSecurityContextHolder;
import org.springframework.transaction.reactive.TransactionalOperator;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * The second tenancy wall, against real PostgreSQL as a role that is neither superuser nor BYPASSRLS: a query that
 * forgets its {@code account_id} filter sees and writes only the caller's rows, while work that serves no caller
 * (relay, inbox, jobs) still spans every account.
 */
@PlatformTest
class RowSecurityTest {

    @Autowired
    DatabaseClient db;

    @Autowired
    TransactionalOperator tx;

    private final UUID mine = UUID.randomUUID();
    private final UUID theirs = UUID.randomUUID();
    /** This test's rows: the samples table is the whole class's. */
    private final String tag = "wall-" + UUID.randomUUID() + "-";

    private void insert(UUID account, String name) {
        AccountStatement.sql(db, account, """
                        INSERT INTO samples (id, account_id, name, status, created_at)
                        VALUES (:id, :account_id, :name, 'active', now())""")
                .bind("id", Ids.newId()).bind("name", tag + name).then().block();
    }

    private static <T> Mono<T> as(UUID account, Mono<T> work) {
        return work.contextWrite(AccountConnections.forAccount(account));
    }

    private Mono<List<String>> forgetfulRead() {
        return db.sql("SELECT name FROM samples WHERE name LIKE :tag ORDER BY name").bind("tag", tag + "%")
                .mapValue(String.class).all().map(name -> name.substring(tag.length())).collectList();
    }

    @Test
    void aQueryThatForgetsTheAccountSeesOnlyTheCallersRows() {
        insert(mine, "mine");
        insert(theirs, "theirs");

        assertThat(as(mine, forgetfulRead()).block()).containsExactly("mine");
        assertThat(as(theirs, forgetfulRead()).block()).containsExactly("theirs");
        // Inside a transaction too: its one connection is acquired, and told the account, before BEGIN.
        assertThat(as(mine, tx.transactional(forgetfulRead())).block()).containsExactly("mine");
    }

    @Test
    void aConnectionNeverCarriesThePreviousCallersAccountIntoTheNextWork() {
        insert(mine, "mine");
        insert(theirs, "theirs");

        for (int round = 0; round < 20; round++) {
            assertThat(as(round % 2 == 0 ? mine : theirs, forgetfulRead()).block())
                    .containsExactly(round % 2 == 0 ? "mine" : "theirs");
        }
        assertThat(forgetfulRead().block()).contains("mine", "theirs");
    }

    @Test
    void anUpdateOrDeleteThatForgetsTheAccountLeavesAnotherOperatorsRowsAlone() {
        insert(mine, "mine");
        insert(theirs, "theirs");

        Long updated = as(mine, db.sql("UPDATE samples SET status = 'taken' WHERE name LIKE :tag")
                .bind("tag", tag + "%").fetch().rowsUpdated()).block();
        Long deleted = as(mine, db.sql("DELETE FROM samples WHERE name LIKE :tag")
                .bind("tag", tag + "%").fetch().rowsUpdated()).block();

        assertThat(updated).isEqualTo(1);
        assertThat(deleted).isEqualTo(1);
        assertThat(forgetfulRead().block()).containsExactly("theirs");
    }

    @Test
    void aCallerCannotWriteARowIntoAnotherAccount() {
        assertThatThrownBy(() -> as(mine, db.sql("""
                        INSERT INTO samples (id, account_id, name, status, created_at)
                        VALUES (:id, :account, 'planted', 'active', now())""")
                .bind("id", Ids.newId()).bind("account", theirs).then()).block())
                .isInstanceOf(DataAccessException.class)
                .hasMessageContaining("row-level security");
    }

    @Test
    void aRequestsConnectionsServeItsCallersAccount() {
        AtomicReference<String> seen = new AtomicReference<>();
        WebFilterChain handler = exchange -> db.sql("SELECT current_setting('platform.account_id', true) AS a")
                .mapValue(String.class).one().doOnNext(seen::set).then();
        Caller caller = TestCallers.apiCaller(mine, "samples:read");

        new CallerAccountFilter().filter(MockServerWebExchange.from(MockServerHttpRequest.get("/v1/samples")), handler)
                .contextWrite(ReactiveSecurityContextHolder.withAuthentication(new CallerAuthentication(caller)))
                .block();
        assertThat(seen.get()).isEqualTo(mine.toString());

        new CallerAccountFilter().filter(MockServerWebExchange.from(MockServerHttpRequest.get("/health")), handler)
                .block();
        assertThat(seen.get()).as("no caller, no account").isEmpty();
    }

    @Test
    void workThatServesNoCallerSpansEveryAccount() {
        insert(mine, "mine");
        insert(theirs, "theirs");

        assertThat(forgetfulRead().block()).containsExactly("mine", "theirs");
    }

    @Test
    void everyTenantTableIsWalledAndTheServicesRoleDoesNotBypassIt() throws Exception {
        List<String> unwalled = db.sql("""
                        SELECT c.relname FROM pg_class c
                        JOIN pg_namespace n ON n.oid = c.relnamespace
                        JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'account_id'
                        WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
                          AND NOT (c.relrowsecurity AND c.relforcerowsecurity)""")
                .mapValue(String.class).all().collectList().block();
        assertThat(unwalled).isEmpty();
        assertThat(db.sql("SELECT count(*) FROM pg_policy p JOIN pg_class c ON c.oid = p.polrelid "
                        + "WHERE c.oid = 'samples'::regclass AND p.polname = 'account_wall'")
                .mapValue(Long.class).one().block()).isEqualTo(1);
        assertThat(db.sql("SELECT rolsuper OR rolbypassrls FROM pg_roles WHERE rolname = current_user")
                .mapValue(Boolean.class).one().block()).isFalse();
        try (Connection superuser = PlatformInfrastructure.get().dataSource().getConnection()) {
            assertThat(RowSecurity.bypassedBy(superuser)).isTrue();
        }
    }
}
