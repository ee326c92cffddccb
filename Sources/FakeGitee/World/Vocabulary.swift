/// Words the generated world is made of: realistic enough that lists look like Gitee's, Chinese and English mixed.
enum Vocabulary {
    /// 40 languages, in the order of their ids (1-based) in `/api/v3/projects/languages`.
    static let languages = [
        "Java", "JavaScript", "Python", "Go", "C", "C++", "C#", "PHP", "TypeScript", "Rust",
        "Swift", "Kotlin", "Objective-C", "Ruby", "Shell", "Lua", "Dart", "Scala", "HTML", "CSS",
        "Vue", "R", "MATLAB", "Perl", "Haskell", "Erlang", "Elixir", "Clojure", "Groovy", "Julia",
        "Fortran", "Assembly", "SQL", "PowerShell", "Visual Basic", "Delphi", "Lisp", "OCaml", "Nim", "Zig",
    ]

    /// Popularity weights, so Java and JavaScript dominate as on Gitee.
    static let languageWeights: [Int] = [
        30, 24, 20, 12, 9, 9, 6, 8, 10, 6, 4, 5, 2, 3, 4, 2, 3, 2, 5, 3,
        9, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1,
    ]

    static let surnames = [
        ("zhang", "张"), ("wang", "王"), ("li", "李"), ("zhao", "赵"), ("chen", "陈"), ("liu", "刘"), ("yang", "杨"),
        ("huang", "黄"), ("zhou", "周"), ("wu", "吴"), ("xu", "徐"), ("sun", "孙"), ("hu", "胡"), ("zhu", "朱"),
        ("gao", "高"), ("lin", "林"), ("he", "何"), ("guo", "郭"), ("ma", "马"), ("luo", "罗"),
    ]
    static let givenNames = [
        ("wei", "伟"), ("fang", "芳"), ("min", "敏"), ("jing", "静"), ("lei", "磊"), ("jun", "军"), ("yang", "洋"),
        ("yong", "勇"), ("yan", "艳"), ("jie", "杰"), ("tao", "涛"), ("ming", "明"), ("chao", "超"), ("hua", "华"),
        ("ling", "玲"), ("hao", "浩"), ("yu", "宇"), ("xin", "鑫"), ("bo", "博"), ("kai", "凯"),
    ]
    static let englishHandles = [
        "kit", "coder", "dev", "hacker", "ops", "geek", "maker", "lab", "cloud", "byte", "pixel", "rain", "moon",
        "river", "stone", "leaf", "wind", "tiger", "panda", "fox",
    ]

    static let organisations = [
        ("lotus-labs", "莲花实验室"), ("qingyun-oss", "青云开源"), ("openfeng", "OpenFeng 社区"),
        ("huadian-tech", "华电科技"), ("mayun-samples", "Mayun Samples"), ("xinghe-ai", "星河智能"),
    ]

    static let nameWords = [
        "spring", "boot", "admin", "vue", "element", "cloud", "micro", "mall", "shop", "blog", "cms", "rpc", "gateway",
        "flow", "job", "scheduler", "cache", "orm", "json", "http", "mq", "kit", "ui", "lite", "pro", "plus", "core",
        "starter", "tools", "helper", "sdk", "api", "dashboard", "monitor", "crawler", "chat", "im", "iot", "edge", "ai",
        "vision", "ocr", "pay", "sso", "auth", "workflow", "form", "report", "excel", "pdf", "doc", "wiki", "note",
        "markdown", "editor", "player", "video", "game", "engine", "rtos", "kernel", "driver", "compiler", "lang",
        "db", "sql", "search", "log", "trace", "mesh", "bot", "desktop", "mobile", "mini", "app", "web", "server",
    ]
    static let brandWords = [
        "Ruo", "Jeesite", "Hutool", "Sa", "Easy", "Smart", "Fast", "Light", "Magic", "Open", "Yu", "Xiao", "Tiny",
        "Super", "Mega", "Hyper", "Nova", "Star", "Dragon", "Phoenix", "Kylin", "Lotus", "Bamboo", "Jade",
    ]

    static let chineseSubjects = [
        "后台管理系统", "微服务框架", "商城系统", "博客系统", "工作流引擎", "即时通讯工具", "物联网平台", "代码生成器",
        "权限管理系统", "低代码平台", "爬虫框架", "分布式任务调度平台", "API 网关", "监控系统", "文档管理工具",
        "数据可视化大屏", "小程序模板", "游戏引擎", "嵌入式操作系统", "Markdown 编辑器", "工具类库", "ORM 框架",
    ]
    static let chineseBases = ["SpringBoot", "Vue3", "Go", "Rust", "React", "Uniapp", "Flutter", "Django", "鸿蒙", "Electron", "Gin"]
    static let chineseFeatures = ["多租户", "国际化", "热更新", "集群部署", "插件扩展", "Docker 部署", "前后端分离", "代码生成", "在线预览"]

    static let englishSubjects = [
        "admin dashboard", "microservice framework", "e-commerce system", "blogging engine", "workflow engine",
        "chat server", "IoT platform", "code generator", "permission system", "low-code platform", "web crawler",
        "job scheduler", "API gateway", "monitoring stack", "document manager", "data visualisation kit",
        "game engine", "embedded RTOS", "markdown editor", "utility library", "ORM",
    ]
    static let englishAdjectives = ["lightweight", "fast", "simple", "modern", "pluggable", "production-ready", "tiny", "elegant"]

    static let licenses = ["MIT", "Apache-2.0", "GPL-3.0", "MulanPSL-2.0", "BSD-3-Clause", "LGPL-2.1", "AGPL-3.0"]

    static let commitMessages = [
        "修复登录页面样式问题", "feat: add dark mode", "docs: 更新 README", "fix: 空指针异常", "refactor: 重构用户模块",
        "chore: bump dependencies", "perf: 优化列表加载速度", "test: add unit tests for parser", "style: format code",
        "feat: 支持多语言", "fix: handle null language", "build: 升级到 JDK 17", "feat: 新增导出 Excel 功能",
        "fix: typo in config", "ci: add Gitee Go pipeline", "revert: 回滚错误提交", "feat(api): pagination headers",
    ]
    static let issueTitles = [
        "启动时报错 NullPointerException", "Feature request: dark theme", "文档中的示例代码无法运行",
        "Memory leak when uploading large files", "建议增加国际化支持", "Login page is blank on Firefox",
        "分页参数 per_page 不生效", "Docker 镜像体积过大", "How to configure the cache size?", "升级后数据库迁移失败",
        "中文路径的文件无法下载", "Crash on startup with empty config", "希望支持 ARM64", "Typo in README",
    ]
    static let commentBodies = [
        "我这边也遇到了同样的问题。", "Thanks for the report, looking into it.", "已在 develop 分支修复，请验证。",
        "Could you share the full stack trace?", "+1，期待这个功能", "Fixed in v2.1.0, closing.",
        "试了一下 `mvn clean install` 之后就好了。", "This is a duplicate of an older issue.",
        "可以提供一下复现步骤吗？\n\n1. 打开首页\n2. 点击登录", "```\nError: connect ECONNREFUSED 127.0.0.1:3306\n```",
    ]
}
