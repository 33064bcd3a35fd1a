package com.storageplatform.commerce;

import com.storageplatform.kit.testsupport.FeatureBoundaries;
import org.junit.jupiter.api.Test;

/** Each feature package reads another's data only through that feature's public classes (docs/platform-kit.md). */
class ModuleBoundariesTest {

    @Test
    void featuresMeetOnlyThroughTheirPublicClasses() {
        FeatureBoundaries.verify(CommerceApplication.class);
    }
}
