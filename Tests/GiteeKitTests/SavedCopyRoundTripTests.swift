import Foundation
import XCTest
@testable import GiteeKit

/// A saved copy (the offline store writes models with their `Encodable`) decodes to the same value as the real answer
/// it was made from, and is written in the API's own spellings, so it goes through the same tolerant decoding.
final class SavedCopyRoundTripTests: XCTestCase {
    private func roundTrip<T: Codable & Equatable>(_ type: T.Type, _ sample: String,
                                                   writes keys: [String] = []) throws {
        let answer = try JSONNodeDecoding.decode(type, from: try Samples.data(sample))
        let saved = try JSONEncoder().encode(answer)
        XCTAssertEqual(try JSONNodeDecoding.decode(type, from: saved), answer, sample)
        let text = String(decoding: saved, as: UTF8.self)
        for key in keys { XCTAssertTrue(text.contains("\"\(key)\""), "\(sample): the saved copy writes \(key)") }
    }

    func testEverySampledModelComesBackFromItsSavedCopy() throws {
        try roundTrip(Project.self, "repo.json",
                      writes: ["full_name", "stared", "watched", "fork", "recommend", "empty_repo", "private"])
        try roundTrip([Project].self, "repos.json")
        try roundTrip(Project.self, "openharmony_org_repo_item.json")
        try roundTrip(User.self, "user.json", writes: ["avatar_url", "type"])
        try roundTrip(Issue.self, "issue.json", writes: ["user", "comments", "labels"])
        try roundTrip([Issue].self, "issues.json")
        try roundTrip(Comment.self, "issue_comment.json", writes: ["user", "created_at"])
        try roundTrip(PullRequest.self, "pr.json", writes: ["user", "draft", "assignees", "assignees_number"])
        try roundTrip([PullRequest].self, "pulls.json")
        try roundTrip(PullRequestComment.self, "pr_comment.json", writes: ["user", "created_at"])
        try roundTrip([PullRequestFile].self, "pr_files.json")
        try roundTrip([Commit].self, "pr_commits.json")
        try roundTrip(Organization.self, "org.json", writes: ["login", "avatar_url"])
        try roundTrip(Content.self, "content.json", writes: ["type", "download_url"])
        try roundTrip([Content].self, "content_list.json")
        try roundTrip([Branch].self, "branches.json")
        try roundTrip([Tag].self, "tags.json")
    }

    func testAReleaseAndItsAssetsComeBackFromTheirSavedCopy() throws {
        var release = Release(id: 7, tagName: "v1.0", name: "One", body: "Notes", isPrerelease: true,
                              author: User(id: 1, login: "a"),
                              assets: [ReleaseAsset(id: 3, name: "a.tar.gz", url: "https://gitee.com/a.tar.gz", size: 10)])
        release.targetCommitish = "main"
        let saved = try JSONEncoder().encode(release)
        XCTAssertEqual(try JSONNodeDecoding.decode(Release.self, from: saved), release)
        let text = String(decoding: saved, as: UTF8.self)
        XCTAssertTrue(text.contains("\"prerelease\":true"), text)
        XCTAssertTrue(text.contains("\"browser_download_url\""), text)
    }
}
