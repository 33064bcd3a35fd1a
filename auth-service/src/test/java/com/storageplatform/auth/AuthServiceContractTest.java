package com.storageplatform.auth;

import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.ServiceContract;

/** auth-service boots against real PostgreSQL and Kafka and honours the platform's service contract. */
@PlatformTest
class AuthServiceContractTest extends ServiceContract {
}
