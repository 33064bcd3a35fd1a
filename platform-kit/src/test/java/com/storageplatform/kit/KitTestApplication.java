package com.storageplatform.kit;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** A minimal service built only from the kit, to test its mechanics through a real HTTP server. */
@SpringBootApplication
public class KitTestApplication {
}
