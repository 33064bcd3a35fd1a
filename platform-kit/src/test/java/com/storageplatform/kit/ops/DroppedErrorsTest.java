package com.storageplatform.kit.ops;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.sql.SQLTimeoutException;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Operators;
import reactor.util.context.Context;

/** An error that comes after its subscriber cancelled is one WARN line naming the cause, not an ERROR stack. */
class DroppedErrorsTest {

    @Test
    void anErrorAfterCancellationIsOneWarningNamingItsCause() {
        ListAppender<ILoggingEvent> logged = new ListAppender<>();
        logged.start();
        Logger logger = (Logger) LoggerFactory.getLogger(DroppedErrors.class);
        logger.addAppender(logged);
        try {
            DroppedErrors.install();
            DroppedErrors.install();
            // What a statement cancelled by its timeout does after the request that ran it was cut off.
            Operators.onErrorDropped(new IllegalStateException("canceling statement",
                    new SQLTimeoutException("statement timeout")), Context.empty());

            assertThat(logged.list).as("installed once, logged once").hasSize(1);
            ILoggingEvent event = logged.list.get(0);
            assertThat(event.getLevel()).isEqualTo(Level.WARN);
            assertThat(event.getFormattedMessage()).contains("IllegalStateException caused by")
                    .contains("statement timeout");
            assertThat(event.getThrowableProxy()).isNull();
        } finally {
            logger.detachAppender(logged);
        }
    }
}
