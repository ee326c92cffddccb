/// Small, real-looking source files in many languages (the app highlights them with GtkSourceView).
enum CodeSamples {
    /// (file name, source) per language; `{{name}}` becomes the project's name.
    static let byExtension: [(file: String, language: String, source: String)] = [
        ("Main.java", "Java", """
        package com.example.{{ident}};

        import java.util.List;

        /** Entry point of {{name}}. */
        public class Main {
            public static void main(String[] args) {
                List<String> names = List.of("码云", "Gitee", "Mayun");
                names.forEach(name -> System.out.println("Hello, " + name + "!"));
            }
        }
        """),
        ("app.py", "Python", """
        #!/usr/bin/env python3
        \"\"\"{{name}}: a tiny command line tool.\"\"\"
        import sys


        def greet(name: str) -> str:
            return f"你好, {name}!"


        if __name__ == "__main__":
            print(greet(sys.argv[1] if len(sys.argv) > 1 else "world"))
        """),
        ("main.go", "Go", """
        package main

        import (
        \t"fmt"
        \t"net/http"
        )

        func main() {
        \thttp.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
        \t\tfmt.Fprintf(w, "{{name}} says hello\\n")
        \t})
        \t_ = http.ListenAndServe("127.0.0.1:8080", nil)
        }
        """),
        ("lib.rs", "Rust", """
        //! {{name}} core library.

        /// Adds two numbers without overflow.
        pub fn add(a: u32, b: u32) -> Option<u32> {
            a.checked_add(b)
        }

        #[cfg(test)]
        mod tests {
            #[test]
            fn adds() { assert_eq!(super::add(2, 2), Some(4)); }
        }
        """),
        ("index.js", "JavaScript", """
        // {{name}}: browser entry
        const items = ['star', 'watch', 'fork'];
        document.addEventListener('DOMContentLoaded', () => {
          for (const item of items) {
            console.log(`${item} clicked`);
          }
        });
        """),
        ("api.ts", "TypeScript", """
        export interface Project {
          id: number;
          fullName: string;
          language?: string | null;
        }

        export async function fetchProjects(page = 1): Promise<Project[]> {
          const response = await fetch(`/api/v5/search/repositories?q=a&page=${page}`);
          return response.json();
        }
        """),
        ("main.c", "C", """
        #include <stdio.h>

        int main(void) {
            const char *name = "{{name}}";
            for (int i = 0; i < 3; i++) {
                printf("%d: %s\\n", i, name);
            }
            return 0;
        }
        """),
        ("vector.cpp", "C++", """
        #include <iostream>
        #include <vector>

        int main() {
            std::vector<int> values{3, 1, 4, 1, 5, 9};
            long sum = 0;
            for (auto value : values) sum += value;
            std::cout << "sum = " << sum << std::endl;
        }
        """),
        ("Program.cs", "C#", """
        using System;

        namespace Example
        {
            public static class Program
            {
                public static void Main() => Console.WriteLine("Hello from {{name}}");
            }
        }
        """),
        ("hello.swift", "Swift", """
        import Foundation

        struct Greeter {
            let name: String
            func greet() -> String { "你好, \\(name)!" }
        }

        print(Greeter(name: "{{name}}").greet())
        """),
        ("Main.kt", "Kotlin", """
        fun main() {
            val languages = listOf("Kotlin", "Java", "Swift")
            languages.filter { it.length > 4 }.forEach(::println)
        }
        """),
        ("index.php", "PHP", """
        <?php
        declare(strict_types=1);

        function greet(string $name): string {
            return "Hello, {$name}!";
        }

        echo greet('{{name}}');
        """),
        ("hello.rb", "Ruby", """
        # frozen_string_literal: true

        class Greeter
          def initialize(name) = @name = name
          def greet = "Hello, #{@name}!"
        end

        puts Greeter.new('{{name}}').greet
        """),
        ("build.sh", "Shell", """
        #!/bin/sh
        set -eu
        echo "Building {{name}}..."
        mkdir -p build
        cc -O2 -o build/app src/main.c
        echo "done"
        """),
        ("init.lua", "Lua", """
        local M = {}

        function M.setup(opts)
          opts = opts or {}
          print("{{name}} loaded with " .. tostring(#opts) .. " options")
        end

        return M
        """),
        ("main.dart", "Dart", """
        void main() {
          final names = ['Gitee', 'Mayun'];
          for (final name in names) {
            print('Hello, $name');
          }
        }
        """),
        ("schema.sql", "SQL", """
        CREATE TABLE project (
            id          BIGINT PRIMARY KEY,
            full_name   VARCHAR(255) NOT NULL UNIQUE,
            stars       INTEGER DEFAULT 0,
            pushed_at   TIMESTAMP WITH TIME ZONE
        );

        SELECT full_name, stars FROM project ORDER BY stars DESC LIMIT 20;
        """),
        ("App.vue", "Vue", """
        <template>
          <div class="app">
            <h1>{{ title }}</h1>
          </div>
        </template>

        <script setup>
        const title = '{{name}}'
        </script>
        """),
        ("config.yaml", "YAML", """
        server:
          host: 127.0.0.1
          port: 8080
        cache:
          size_mb: 64
          ttl: 10m
        """),
        ("style.css", "CSS", """
        .project-row {
          display: flex;
          gap: 12px;
        }

        @media (prefers-color-scheme: dark) {
          .project-row { color: #eee; }
        }
        """),
    ]

    static func source(_ template: String, projectName: String) -> String {
        let ident = projectName.lowercased().filter { $0.isLetter || $0.isNumber }
        return template.replacingOccurrences(of: "{{name}}", with: projectName)
            .replacingOccurrences(of: "{{ident}}", with: ident.isEmpty ? "app" : ident) + "\n"
    }

    /// The main file of a project in its own language (falls back to the Java sample).
    static func mainFile(for language: String?) -> (file: String, language: String, source: String) {
        byExtension.first { $0.language == language } ?? byExtension[0]
    }
}
