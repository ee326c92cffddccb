import Foundation

/// Builds the world from a seed: 500+ users (a few of them organisations) and 5,000+ projects. Only the catalogue is
/// made here (milliseconds); files, commits, issues and events are generated when first asked for.
public enum WorldGenerator {
    public static func generate(seed: UInt64, userCount: Int = 500, projectCount: Int = 5_000,
                                accounts: [(login: String, email: String)] = []) -> World {
        var random = SeededRandom(seed: seed, 1)
        var users: [FakeUser] = []
        var takenLogins = Set<String>()
        func addUser(login: String, name: String, organization: Bool, email: String? = nil, random: inout SeededRandom) {
            let id = users.count + 1
            let english = random.chance(0.35)
            users.append(FakeUser(
                id: id, login: login, name: name, isOrganization: organization,
                bio: random.chance(0.4) ? nil : (english ? "Open source enthusiast. Writes \(random.pick(Vocabulary.languages))." : "热爱开源，专注\(random.pick(Vocabulary.chineseSubjects))"),
                blog: random.chance(0.7) ? nil : "https://\(login).example.com",
                weibo: random.chance(0.85) ? nil : "https://weibo.com/\(login)",
                email: email ?? (random.chance(0.5) ? nil : "\(login)@example.com"),
                createdAt: World.now - random.int(30...3_000) * 86_400,
                followers: random.powerLaw(max: 3_000), following: random.int(0...120)))
            takenLogins.insert(login.lowercased())
        }
        for account in accounts where !takenLogins.contains(account.login.lowercased()) {
            addUser(login: account.login, name: account.login.capitalized, organization: false, email: account.email, random: &random)
        }
        for (login, name) in Vocabulary.organisations {
            addUser(login: login, name: name, organization: true, random: &random)
        }
        while users.count < userCount {
            let surname = random.pick(Vocabulary.surnames)
            let given = random.pick(Vocabulary.givenNames)
            let english = random.chance(0.3)
            var login = english ? "\(random.pick(Vocabulary.englishHandles))-\(surname.0)" : "\(surname.0)\(given.0)"
            if takenLogins.contains(login) { login += "\(random.int(1...999))" }
            if takenLogins.contains(login) { continue }
            let name = random.chance(0.2) ? login : surname.1 + given.1
            addUser(login: login, name: name, organization: false, random: &random)
        }

        var projects: [FakeProject] = []
        var taken = Set<String>()
        let totalWeight = Vocabulary.languageWeights.reduce(0, +)
        var index = 0
        while projects.count < projectCount {
            index += 1
            // The first users (demo accounts, organisations) own more projects, so their pages are full.
            let ownerID = random.chance(0.2) ? random.int(1...min(users.count, 12)) : random.int(1...users.count)
            let owner = users[ownerID - 1]
            let path = projectPath(&random)
            let fullName = "\(owner.login)/\(path)".lowercased()
            if taken.contains(fullName) { continue }
            taken.insert(fullName)
            var pick = random.int(0...(totalWeight - 1))
            var languageIndex = 0
            while pick >= Vocabulary.languageWeights[languageIndex] {
                pick -= Vocabulary.languageWeights[languageIndex]
                languageIndex += 1
            }
            // Every language has projects: the first 40 go round the list once.
            if projects.count < Vocabulary.languages.count { languageIndex = projects.count }
            let created = World.now - random.int(10...2_500) * 86_400 - random.int(0...86_399)
            let pushed = min(World.now - random.int(0...86_400 * 3), created + random.int(0...(World.now - created)))
            let stars = random.powerLaw(max: 40_000)
            let isEmpty = random.chance(0.01)
            var branches = [random.chance(0.3) ? "main" : "master"]
            if random.chance(0.6) { branches.append("develop") }
            if random.chance(0.3) { branches.append("feature/dark-mode") }
            if random.chance(0.2) { branches.append("release/1.0") }
            projects.append(FakeProject(
                id: 100_000 + index, ownerID: ownerID, path: path, name: displayName(path, &random),
                description: projectDescription(&random, language: Vocabulary.languages[languageIndex]),
                language: random.chance(0.04) ? nil : Vocabulary.languages[languageIndex],
                license: random.chance(0.35) ? nil : random.pick(Vocabulary.licenses),
                homepage: random.chance(0.8) ? nil : "https://\(path).example.org",
                baseStars: stars, forks: stars / random.int(2...8), baseWatches: stars / random.int(5...20) + random.int(0...5),
                recommend: random.chance(0.08) || stars > 30_000, gvp: random.chance(0.015) || stars > 38_000,
                isFork: random.chance(0.05), isEmpty: isEmpty, createdAt: created,
                updatedAt: min(World.now, pushed + random.int(0...3600)), pushedAt: pushed,
                branches: isEmpty ? [] : branches))
        }
        var world = assemble(seed: seed, users: users, projects: projects)
        world.privateProjects = privateProjects(for: accounts, users: users)
        if let organisation = users.first(where: \.isOrganization),
           let member = accounts.first.flatMap({ account in users.first { $0.login.lowercased() == account.login.lowercased() } }) {
            world.organisationMembers[organisation.id] = [member.id]
            var handbook = FakeProject(
                id: 900_501, ownerID: organisation.id, path: "internal-handbook", name: "internal-handbook",
                description: "Members only", language: "Markdown", license: nil, homepage: nil, baseStars: 0, forks: 0,
                baseWatches: 1, recommend: false, gvp: false, isFork: false, isEmpty: false,
                createdAt: World.now - 30 * 86_400, updatedAt: World.now - 2 * 86_400, pushedAt: World.now - 2 * 86_400,
                branches: ["master"])
            handbook.isPrivate = true
            world.privateProjects.append(handbook)
        }
        return world
    }

    /// The words only a private README holds: tests look for them on disk after Log Out.
    public static let privateReadmeMarker = "MAYUN-PRIVATE-README-b7e1f04c"

    /// One private repository, `private-notes`, per fixture account (the demo account's world has one).
    private static func privateProjects(for accounts: [(login: String, email: String)], users: [FakeUser]) -> [FakeProject] {
        accounts.enumerated().compactMap { offset, account in
            guard let owner = users.first(where: { $0.login.lowercased() == account.login.lowercased() }) else { return nil }
            var project = FakeProject(
                id: 900_001 + offset, ownerID: owner.id, path: "private-notes", name: "private-notes",
                description: "Private notes", language: "Markdown", license: nil, homepage: nil, baseStars: 0, forks: 0,
                baseWatches: 1, recommend: false, gvp: false, isFork: false, isEmpty: false,
                createdAt: World.now - 40 * 86_400, updatedAt: World.now - 86_400, pushedAt: World.now - 86_400,
                branches: ["master"])
            project.isPrivate = true
            return project
        }
    }

    private static func projectPath(_ random: inout SeededRandom) -> String {
        switch random.int(0...3) {
        case 0: return "\(random.pick(Vocabulary.brandWords).lowercased())-\(random.pick(Vocabulary.nameWords))"
        case 1: return "\(random.pick(Vocabulary.nameWords))-\(random.pick(Vocabulary.nameWords))"
        case 2: return "\(random.pick(Vocabulary.brandWords))\(random.pick(Vocabulary.nameWords).capitalized)"
        default: return "\(random.pick(Vocabulary.nameWords))-\(random.pick(Vocabulary.nameWords))-\(random.pick(Vocabulary.nameWords))"
        }
    }

    private static func displayName(_ path: String, _ random: inout SeededRandom) -> String {
        // Gitee lets the display name differ from the path; usually it is the same.
        random.chance(0.9) ? path : path.replacingOccurrences(of: "-", with: " ").capitalized
    }

    private static func projectDescription(_ random: inout SeededRandom, language: String) -> String? {
        if random.chance(0.06) { return nil }
        if random.chance(0.04) { return "" }
        if random.chance(0.55) {
            switch random.int(0...3) {
            case 0: return "基于 \(random.pick(Vocabulary.chineseBases)) 的\(random.pick(Vocabulary.chineseSubjects))"
            case 1: return "一个轻量级的\(random.pick(Vocabulary.chineseSubjects))，开箱即用"
            case 2: return "高性能\(random.pick(Vocabulary.chineseSubjects))，支持\(random.pick(Vocabulary.chineseFeatures))和\(random.pick(Vocabulary.chineseFeatures))"
            default: return "\(random.pick(Vocabulary.chineseSubjects))：\(random.pick(Vocabulary.chineseFeatures))、\(random.pick(Vocabulary.chineseFeatures))，完全开源免费"
            }
        }
        let adjective = random.pick(Vocabulary.englishAdjectives)
        let subject = random.pick(Vocabulary.englishSubjects)
        let article = "aeiou".contains(adjective.first ?? "x") ? "An" : "A"
        return random.chance(0.5) ? "\(article) \(adjective) \(subject) written in \(language)"
            : "\(adjective.capitalized) \(subject) with \(random.pick(["plugins", "hot reload", "i18n", "a REST API", "zero config"]))"
    }

    private static func assemble(seed: UInt64, users: [FakeUser], projects: [FakeProject]) -> World {
        var byLogin: [String: Int] = [:]
        for (index, user) in users.enumerated() { byLogin[user.login.lowercased()] = index }
        var byFullName: [String: Int] = [:]
        var byID: [Int: Int] = [:]
        var byLanguage: [String: [Int]] = [:]
        var byOwner: [Int: [Int]] = [:]
        for (index, project) in projects.enumerated() {
            byFullName["\(users[project.ownerID - 1].login)/\(project.path)".lowercased()] = index
            byID[project.id] = index
            if let language = project.language { byLanguage[language, default: []].append(index) }
            byOwner[project.ownerID, default: []].append(index)
        }
        let indices = Array(projects.indices)
        let byStars = indices.sorted { (projects[$0].baseStars, projects[$0].id) > (projects[$1].baseStars, projects[$1].id) }
        for key in byLanguage.keys {
            byLanguage[key]?.sort { (projects[$0].baseStars, projects[$0].id) > (projects[$1].baseStars, projects[$1].id) }
        }
        for key in byOwner.keys { byOwner[key]?.sort { projects[$0].pushedAt > projects[$1].pushedAt } }
        return World(
            seed: seed, users: users, projects: projects, userIndexByLogin: byLogin, projectIndexByFullName: byFullName,
            projectIndexByID: byID,
            featuredOrder: indices.filter { projects[$0].recommend }.sorted { projects[$0].updatedAt > projects[$1].updatedAt },
            popularOrder: byStars,
            latestOrder: indices.sorted { (projects[$0].pushedAt, projects[$0].id) > (projects[$1].pushedAt, projects[$1].id) },
            projectsByLanguage: byLanguage, projectsByOwner: byOwner)
    }
}
