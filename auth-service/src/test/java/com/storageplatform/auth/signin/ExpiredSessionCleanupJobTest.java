package com.storageplatform.auth.signin;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.auth.AuthApi;
import com.storageplatform.auth.OAuthApps;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;

/** {@code expired-session-cleanup}: operator sessions and their tokens go a day after the session expired. */
@PlatformTest
class ExpiredSessionCleanupJobTest {

    @Autowired
    WebTestClient client;
    @Autowired
    OperatorSessions sessions;
    @Autowired
    AppProperties app;
    @Autowired
    DatabaseClient db;
    @LocalServerPort
    int port;

    private AuthApi api;
    private OAuthApps apps;

    @BeforeEach
    void setUp() {
        api = new AuthApi(client);
        apps = new OAuthApps(client, sessions, port);
    }

    @AfterEach
    void resetClock() {
        api.resetClock();
    }

    @Test
    void aSessionAndTheTokensItMintedAreDeletedADayAfterItExpiredAndNothingElse() {
        OAuthApps.Person owner = apps.signedIn("owner");
        Map<String, Object> key = api.createApiKey(owner.operatorId(), "test", AuthApi.SCOPES);
        // The webhooks page calls the public API with an access token of the session (the call itself fails here:
        // no gateway listens, and the page says so), which refers to the session.
        apps.get("/app/webhooks", owner.cookie()).expectStatus().isOk();
        assertThat(sessionTokens(owner)).isEqualTo(1);
        assertThat(sessionsOf(owner)).isEqualTo(1);

        long dayAfterExpiry = app.sessionLifetime().plus(ExpiredSessionCleanupJob.RETENTION).toSeconds();
        api.advanceClock(dayAfterExpiry - 60);
        OAuthApps.Person later = apps.signedIn("owner");
        assertThat(run()).contains("deleted");
        assertThat(sessionsOf(owner)).isEqualTo(1);
        assertThat(sessionTokens(owner)).isEqualTo(1);

        api.advanceClock(120);
        assertThat(run())
                .matches("deleted [1-9][0-9]* expired operator sessions and [1-9][0-9]* of their access tokens");
        assertThat(sessionsOf(owner)).isZero();
        assertThat(sessionTokens(owner)).isZero();
        assertThat(sessionsOf(later)).isEqualTo(1);
        assertThat(count("SELECT count(*) AS n FROM credentials WHERE id = '" + key.get("id") + "'")).isEqualTo(1);
        assertThat(count("SELECT count(*) AS n FROM operator_users WHERE id = '" + owner.user().get("id") + "'"))
                .isEqualTo(1);

        assertThat(run()).isEqualTo("deleted 0 expired operator sessions and 0 of their access tokens");
    }

    @Test
    void everyExpiredSessionGoesInOneRunWhateverTheirNumber() {
        OAuthApps.Person owner = apps.signedIn("owner");
        for (int i = 0; i < ExpiredSessionCleanupJob.BATCH; i++) {
            TestSignIn.cookie(sessions, owner.user());
        }
        assertThat(sessionsOf(owner)).isEqualTo(ExpiredSessionCleanupJob.BATCH + 1);

        api.advanceClock(app.sessionLifetime().plus(ExpiredSessionCleanupJob.RETENTION)
                .plus(Duration.ofMinutes(1)).toSeconds());
        run();
        assertThat(sessionsOf(owner)).isZero();
    }

    private String run() {
        return (String) AuthApi.data(client.post().uri("/internal/jobs/expired-session-cleanup/run")
                .header("Authorization", AuthApi.admin()).exchange(), 200).get("result");
    }

    private long sessionsOf(OAuthApps.Person person) {
        return count("SELECT count(*) AS n FROM operator_sessions WHERE operator_user_id = '"
                + person.user().get("id") + "'");
    }

    private long sessionTokens(OAuthApps.Person person) {
        return count("SELECT count(*) AS n FROM credentials WHERE operator_session_id IS NOT NULL AND operator_id = '"
                + person.operatorId() + "'");
    }

    private long count(String sql) {
        return db.sql(sql).map(row -> row.get("n", Long.class)).one().block();
    }
}
