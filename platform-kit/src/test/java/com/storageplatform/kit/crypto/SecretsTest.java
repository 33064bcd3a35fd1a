package com.storageplatform.kit.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.HexFormat;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SecretsTest {

    @Test
    void hashesAreSha256OfTheUtf8Secret() {
        // FIPS 180-2 known answers.
        assertThat(HexFormat.of().formatHex(Secrets.sha256("abc")))
                .isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assertThat(HexFormat.of().formatHex(Secrets.sha256("")))
                .isEqualTo("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        assertThat(HexFormat.of().formatHex(Secrets.sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")))
                .isEqualTo("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    }

    @Test
    void aSecretIsItsPrefixAndFortyBase62Characters() {
        String secret = Secrets.generate("svc_live_");
        assertThat(secret).matches("svc_live_[0-9A-Za-z]{40}");
        assertThat(Secrets.generate("cli_", 24)).matches("cli_[0-9A-Za-z]{24}");
        assertThat(Secrets.shownPrefix(secret)).isEqualTo(secret.substring(0, 12)).hasSize(12);
    }

    @Test
    void secretsDoNotRepeatAndUseEveryCharacterAboutEquallyOften() {
        Set<String> seen = new HashSet<>();
        int[] counts = new int[62];
        for (int i = 0; i < 5000; i++) {
            String secret = Secrets.generate("");
            assertThat(seen.add(secret)).isTrue();
            secret.chars().forEach(c -> counts[Secrets.BASE62.indexOf(c)]++);
        }
        double expected = 5000 * 40 / 62.0;
        for (int count : counts) {
            assertThat(count).isBetween((int) (expected * 0.9), (int) (expected * 1.1));
        }
    }

    @Test
    void aPresentedSecretMatchesOnlyItsOwnHash() {
        byte[] stored = Secrets.sha256("svc_cs_secret");
        assertThat(Secrets.matches("svc_cs_secret", stored)).isTrue();
        assertThat(Secrets.matches("svc_cs_secreT", stored)).isFalse();
        assertThat(Secrets.matches("", stored)).isFalse();
    }
}
