package com.storageplatform.e2e;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import com.storageplatform.devstack.DevStack;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The devstack every end-to-end test talks to: started once per test JVM (fresh data, its own ports and home
 * under target/), stopped when the JVM exits. The SMTP server crm sends test accounts' emails to
 * ({@code CRM_MESSAGES_PROVIDERS_TEST_SMTP_*}, set by the build) starts with it, so every email any test causes is
 * received.
 */
final class Stack {

    private static volatile DevStack stack;
    private static final GreenMail MAILBOX = new GreenMail(new ServerSetup(Integer.getInteger("e2e.smtp-port", 18025),
            "127.0.0.1", ServerSetup.PROTOCOL_SMTP));

    private Stack() {
    }

    static DevStack get() {
        DevStack started = stack;
        if (started == null) {
            synchronized (Stack.class) {
                started = stack;
                if (started == null) {
                    started = start();
                    stack = started;
                }
            }
        }
        return started;
    }

    /** The emails crm has sent for test accounts so far (the devstack is started first if it was not). */
    static GreenMail mailbox() {
        get();
        return MAILBOX;
    }

    private static DevStack start() {
        MAILBOX.start();
        Runtime.getRuntime().addShutdownHook(new Thread(MAILBOX::stop, "e2e-smtp-down"));
        Path root = Path.of(System.getProperty("e2e.repo-root", "..")).toAbsolutePath().normalize();
        DevStack devStack = DevStack.builder()
                .repoRoot(root)
                .home(Path.of(System.getProperty("e2e.home", root.resolve("e2e-tests/target/devstack").toString())))
                .basePort(Integer.getInteger("e2e.base-port", 18080))
                .fresh(true)
                .startupTimeout(Duration.ofSeconds(240))
                .progress(line -> System.out.println("[devstack] " + line))
                .build();
        Runtime.getRuntime().addShutdownHook(new Thread(devStack::down, "e2e-devstack-down"));
        long started = System.nanoTime();
        devStack.up();
        System.out.printf("[devstack] up in %.1f s%n", (System.nanoTime() - started) / 1e9);
        return devStack;
    }
}
