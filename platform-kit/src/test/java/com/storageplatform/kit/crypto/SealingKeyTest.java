package com.storageplatform.kit.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.Base64;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** Reading a service's sealing key from its setting: every rule, and the key never in a message or log line. */
class SealingKeyTest {

    static final SealingKey KEY = SealingKey.setting("SAMPLE_SEALING_KEY", "sample.sealing-key")
            .sealing("samples' secrets")
            .developmentPhrase("sample-service development sealing key, not secret");

    static final byte[] BYTES = HexFormat.of()
            .parseHex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
    static final String VALUE = Base64.getEncoder().encodeToString(BYTES);

    @Test
    void aKeyOfThirtyTwoBytesIsReadInEveryEnvironment() {
        assertThat(KEY.read(VALUE, true)).isEqualTo(BYTES);
        assertThat(KEY.read(VALUE, false)).isEqualTo(BYTES);
        assertThat(KEY.read("  " + VALUE + "\n", true)).isEqualTo(BYTES);
    }

    @Test
    void aBlankKeyInProductionIsRefusedNamingTheSettingAndHowToMakeOne() {
        for (String blank : new String[] {null, "", "  \n"}) {
            assertThatThrownBy(() -> KEY.read(blank, true)).isInstanceOf(IllegalStateException.class)
                    .hasMessageStartingWith("SAMPLE_SEALING_KEY (sample.sealing-key) is not set")
                    .hasMessageContaining("it seals samples' secrets")
                    .hasMessageContaining("openssl rand -base64 32")
                    .hasMessageContaining("keep it");
        }
    }

    @Test
    void aBlankKeyElsewhereIsTheFixedDevelopmentKeyWithAWarning() {
        ListAppender<ILoggingEvent> logged = listen();
        try {
            byte[] key = KEY.read(null, false);

            assertThat(key).hasSize(Sealed.KEY_BYTES)
                    .isEqualTo(Sealed.sha256("sample-service development sealing key, not secret"))
                    .isEqualTo(KEY.read(" ", false))
                    .isNotEqualTo(SealingKey.setting("SAMPLE_SEALING_KEY", "sample.sealing-key")
                            .developmentPhrase("another-service development sealing key, not secret")
                            .read("", false));
            assertThat(logged.list).first().satisfies(event -> {
                assertThat(event.getLevel().toString()).isEqualTo("WARN");
                assertThat(event.getFormattedMessage()).startsWith("SAMPLE_SEALING_KEY is not set")
                        .contains("samples' secrets").contains("development key")
                        .doesNotContain(Base64.getEncoder().encodeToString(key));
            });
        } finally {
            stopListening(logged);
        }
    }

    @Test
    void aKeyThatIsNotBase64IsRefusedEverywhereWithoutQuotingIt() {
        for (boolean production : new boolean[] {true, false}) {
            assertThatThrownBy(() -> KEY.read("not base64! s3cr3t", production))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("SAMPLE_SEALING_KEY must be base64 of 32 random bytes; it is not base64.")
                    .hasNoCause();
        }
    }

    @Test
    void aKeyOfAnotherLengthIsRefusedEverywhereWithoutQuotingIt() {
        String short16 = Base64.getEncoder().encodeToString(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
                14, 15, 16});
        String long33 = Base64.getEncoder().encodeToString(new byte[33]);
        for (boolean production : new boolean[] {true, false}) {
            assertThatThrownBy(() -> KEY.read(short16, production)).isInstanceOf(IllegalStateException.class)
                    .hasMessage("SAMPLE_SEALING_KEY must be base64 of 32 random bytes, not 16 bytes.");
            assertThatThrownBy(() -> KEY.read(long33, production)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("SAMPLE_SEALING_KEY").hasMessageContaining("not 33 bytes")
                    .hasMessageNotContaining(long33);
        }
    }

    @Test
    void theSettingIsAnEnvironmentVariableAndItsPropertyNotTheOtherWayRound() {
        assertThat(KEY.name()).isEqualTo("SAMPLE_SEALING_KEY");
        assertThat(KEY).hasToString("SealingKey[SAMPLE_SEALING_KEY]");
        assertThatThrownBy(() -> SealingKey.setting("sample.sealing-key", "SAMPLE_SEALING_KEY"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SealingKey.setting("SAMPLE_SEALING_KEY", "sample.sealing-key").developmentPhrase(" "))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static ListAppender<ILoggingEvent> listen() {
        ListAppender<ILoggingEvent> logged = new ListAppender<>();
        logged.start();
        ((Logger) LoggerFactory.getLogger(SealingKey.class)).addAppender(logged);
        return logged;
    }

    private static void stopListening(ListAppender<ILoggingEvent> logged) {
        ((Logger) LoggerFactory.getLogger(SealingKey.class)).detachAppender(logged);
    }
}
