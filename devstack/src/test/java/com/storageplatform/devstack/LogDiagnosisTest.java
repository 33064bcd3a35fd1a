package com.storageplatform.devstack;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogDiagnosisTest {

    @Test
    void springBootsFailureReportGivesItsDescription() {
        List<String> log = """
                2025-11-21T10:08:00.123Z  INFO 1234 --- [main] c.s.catalogue.CatalogueApplication : Starting
                2025-11-21T10:08:03.456Z ERROR 1234 --- [main] o.s.b.d.LoggingFailureAnalysisReporter :

                ***************************
                APPLICATION FAILED TO START
                ***************************

                Description:

                Web server failed to start. Port 8082 was already in use.

                Action:

                Identify and stop the process that's listening on port 8082.
                """.lines().toList();

        assertThat(LogDiagnosis.diagnose(log)).contains("Web server failed to start. Port 8082 was already in use.");
    }

    @Test
    void aMultiLineDescriptionIsJoinedUpToItsFirstBlankLine() {
        List<String> log = List.of("APPLICATION FAILED TO START", "", "Description:", "",
                "Failed to bind properties under 'platform.database.url'",
                "to java.lang.String:", "", "    Property: platform.database.url", "Action:");

        assertThat(LogDiagnosis.diagnose(log))
                .contains("Failed to bind properties under 'platform.database.url' to java.lang.String:");
    }

    @Test
    void aStackTraceGivesItsLastCausedBy() {
        List<String> log = """
                2025-11-21T10:08:03.456Z ERROR 1234 --- [main] o.s.boot.SpringApplication : Application run failed
                org.springframework.beans.factory.BeanCreationException: Error creating bean with name 'flyway'
                	at org.springframework.beans.factory.support.AbstractAutowireCapableBeanFactory.initializeBean(X.java:1)
                Caused by: org.flywaydb.core.internal.exception.FlywaySqlException: Unable to obtain connection
                	at org.flywaydb.core.internal.jdbc.JdbcUtils.openConnection(JdbcUtils.java:60)
                Caused by: java.net.ConnectException: Connection refused
                	at java.base/sun.nio.ch.Net.pollConnect(Native Method)
                	... 45 common frames omitted
                """.lines().toList();

        assertThat(LogDiagnosis.diagnose(log)).contains("java.net.ConnectException: Connection refused");
    }

    @Test
    void aPostgresFatalIsTheReasonButTheNoiseOfAHealthyStartIsNot() {
        List<String> log = List.of(
                "2025-11-21 10:19:00.550 UTC [9945] FATAL:  the database system is starting up",
                "2025-11-21 10:19:00.551 UTC [9945] FATAL:  could not create lock file \"/tmp/.s.PGSQL.8100.lock\": Permission denied",
                "2025-11-21 10:19:00.552 UTC [9946] FATAL:  the database system is shutting down",
                "devstack: error: PostgreSQL did not start: Gave up waiting for server to start after 60000ms");

        assertThat(LogDiagnosis.diagnose(log))
                .contains("FATAL: could not create lock file \"/tmp/.s.PGSQL.8100.lock\": Permission denied");
    }

    @Test
    void theDevstacksOwnErrorLineIsUsedWhenNothingBetterIsThere() {
        List<String> log = List.of("[main] INFO io.zonky - Detected a Linux x86_64 system",
                "devstack: error: PostgreSQL did not start: No Postgres binary found for Linux / aarch64");

        assertThat(LogDiagnosis.diagnose(log))
                .contains("PostgreSQL did not start: No Postgres binary found for Linux / aarch64");
    }

    @Test
    void aJvmThatCannotLaunchSaysWhy() {
        assertThat(LogDiagnosis.diagnose(List.of("Error: Unable to access jarfile /repo/gateway/target/gateway.jar")))
                .contains("Error: Unable to access jarfile /repo/gateway/target/gateway.jar");
        assertThat(LogDiagnosis.diagnose(List.of("Invalid maximum heap size: -Xmx384", "Error: Could not create the Java Virtual Machine.",
                "Error: A fatal exception has occurred. Program will exit.")))
                .contains("Invalid maximum heap size: -Xmx384");
    }

    @Test
    void otherwiseTheFirstErrorLineThenTheLastLine() {
        assertThat(LogDiagnosis.diagnose(List.of("INFO fine", "[2025] ERROR Exiting Kafka due to fatal exception", "INFO after")))
                .contains("[2025] ERROR Exiting Kafka due to fatal exception");
        assertThat(LogDiagnosis.diagnose(List.of("starting", "killed", "", ""))).contains("killed");
        assertThat(LogDiagnosis.diagnose(List.of("", " "))).isEmpty();
    }

    @Test
    void colourCodesAreRemovedAndLongLinesShortened() {
        String longCause = "Caused by: java.lang.IllegalStateException: " + "x".repeat(500);
        assertThat(LogDiagnosis.diagnose(List.of("\u001B[31mCaused by: java.io.IOException: disk full\u001B[0m")))
                .contains("java.io.IOException: disk full");
        assertThat(LogDiagnosis.diagnose(List.of(longCause)).orElseThrow())
                .hasSize(LogDiagnosis.MAX_LENGTH).endsWith("...");
    }

    @Test
    void aLogFileIsReadFromItsTail(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("crm-service.log");
        Files.writeString(log, "noise\n".repeat(100_000) + "Caused by: java.lang.OutOfMemoryError: Java heap space\n");

        assertThat(LogDiagnosis.fromFile(log)).isEqualTo("java.lang.OutOfMemoryError: Java heap space");
        assertThat(LogDiagnosis.fromFile(dir.resolve("missing.log"))).isEqualTo("no log was written");
    }
}
