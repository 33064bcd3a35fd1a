package com.storageplatform.compliance.access.credential;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.kit.crypto.Sealed;
import com.storageplatform.kit.id.Ids;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Codes are kept sealed for their credential alone, and unique by a keyed digest; the key is checked at start. */
class CodeSealTest {

    static final byte[] KEY = Sealed.sha256("a test key");

    @Test
    void aSealedCodeOpensForItsCredentialOnly() {
        CodeSeal seal = new CodeSeal(KEY);
        UUID credential = Ids.newId();
        byte[] sealed = seal.seal(credential, "482913");
        assertThat(new String(sealed, StandardCharsets.ISO_8859_1)).doesNotContain("482913");
        assertThat(seal.open(credential, sealed)).isEqualTo("482913");
        assertThatThrownBy(() -> seal.open(Ids.newId(), sealed)).hasMessageContaining("sealed for another")
                .hasMessageNotContaining("482913");
        assertThatThrownBy(() -> new CodeSeal(Sealed.sha256("another key")).open(credential, sealed))
                .hasMessageContaining("did not open");
    }

    @Test
    void theDigestIsTheSameForTheSameCodeAndKindUnderOneKeyOnly() {
        CodeSeal seal = new CodeSeal(KEY);
        assertThat(seal.digest("gate_code", "482913")).isEqualTo(seal.digest("gate_code", "482913"))
                .isNotEqualTo(seal.digest("gate_code", "482914")).isNotEqualTo(seal.digest("fob", "482913"))
                .isNotEqualTo(new CodeSeal(Sealed.sha256("another key")).digest("gate_code", "482913"));
    }

    @Test
    void productionNeedsAKeyOfThirtyTwoBytesElsewhereADevelopmentKeyStandsIn() {
        assertThatThrownBy(() -> CodeSeal.key(new AccessProperties(null), true))
                .hasMessageContaining("COMPLIANCE_ACCESS_SEALING_KEY");
        // Changing the phrase would leave what development databases hold sealed unreadable.
        assertThat(CodeSeal.key(new AccessProperties(" "), false))
                .isEqualTo(Sealed.sha256("compliance-service development sealing key, not secret"));
        assertThatThrownBy(() -> CodeSeal.key(new AccessProperties("not base64!"), false))
                .hasMessageContaining("COMPLIANCE_ACCESS_SEALING_KEY").hasMessageContaining("not base64");
        assertThatThrownBy(() -> CodeSeal.key(new AccessProperties(Base64.getEncoder().encodeToString(new byte[16])),
                false)).hasMessageContaining("COMPLIANCE_ACCESS_SEALING_KEY").hasMessageContaining("not 16 bytes");
        String key = Base64.getEncoder().encodeToString(KEY);
        assertThat(CodeSeal.key(new AccessProperties(key), true)).isEqualTo(KEY);
        assertThat(new AccessProperties(key).toString()).doesNotContain(key);
    }

    @Test
    void madeCodesAreSixDigitGateCodesAndLongAppKeys() {
        assertThat(Codes.generate("gate_code")).matches("[0-9]{6}");
        assertThat(Codes.generate("app_key")).matches("ak_[0-9A-Za-z]{32}");
        assertThatThrownBy(() -> Codes.generate("fob")).isInstanceOf(IllegalArgumentException.class);
    }
}
