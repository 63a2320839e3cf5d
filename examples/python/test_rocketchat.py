"""A Python client's view of rocketchat-fake: log in, use a personal access token, post and read back."""

import requests

from conftest import ADMIN, ALICE, CI_BOT, GENERAL


def test_login_gives_the_users_fixed_id_and_a_token(api):
    login = api.post("login", json={"user": ALICE["username"], "password": ALICE["password"]})
    assert login.status_code == 200
    data = login.json()["data"]
    # X-User-Id is the user's _id (fixed in the scenario), never the username
    assert data["userId"] == ALICE["_id"]

    api.headers.update({"X-User-Id": data["userId"], "X-Auth-Token": data["authToken"]})
    me = api.get("me")
    assert me.status_code == 200
    assert me.json()["username"] == "alice"


def test_a_wrong_password_is_refused(api):
    login = api.post("login", json={"user": ALICE["username"], "password": "nope"})
    assert login.status_code == 401
    assert login.json()["error"] == "Unauthorized"


def test_a_personal_access_token_works_without_logging_in(api):
    api.headers.update({"X-User-Id": CI_BOT["_id"], "X-Auth-Token": CI_BOT["pat"]})
    me = api.get("me")
    assert me.status_code == 200
    assert me.json()["username"] == "ci-bot"


def test_the_username_as_x_user_id_is_refused(api):
    api.headers.update({"X-User-Id": CI_BOT["username"], "X-Auth-Token": CI_BOT["pat"]})
    me = api.get("me")
    assert me.status_code == 401
    assert me.json()["message"] == "You must be logged in to do this."


def test_a_message_posted_with_the_token_is_read_back(api):
    api.headers.update({"X-User-Id": CI_BOT["_id"], "X-Auth-Token": CI_BOT["pat"]})
    posted = api.post("chat.postMessage", json={"channel": "#general", "text": "build 42 passed"})
    assert posted.status_code == 200
    message = posted.json()["message"]
    assert message["rid"] == GENERAL
    assert message["u"]["_id"] == CI_BOT["_id"]

    history = api.get("channels.history", params={"roomId": GENERAL, "count": 10})
    assert history.status_code == 200
    assert [(m["msg"], m["u"]["username"]) for m in history.json()["messages"]] == [
        ("build 42 passed", "ci-bot"),
        ("Welcome to #general", "admin"),
    ]


def test_each_test_starts_from_the_scenario(api):
    # the previous test's post was undone by the reset before this one
    api.headers.update({"X-User-Id": CI_BOT["_id"], "X-Auth-Token": CI_BOT["pat"]})
    history = api.get("channels.history", params={"roomId": GENERAL})
    assert [m["_id"] for m in history.json()["messages"]] == ["welcomeMessage001"]


def test_a_session_is_a_world_of_its_own(world, rocketchat_url):
    # `world` is this process's session (conftest.py): what a test does there, no other sees
    login = requests.post(
        f"{world}/api/v1/login", json={"user": ADMIN["username"], "password": ADMIN["password"]}, timeout=10
    ).json()["data"]
    admin = {"X-User-Id": login["userId"], "X-Auth-Token": login["authToken"]}
    posted = requests.post(
        f"{world}/api/v1/chat.postMessage",
        json={"roomId": GENERAL, "text": "only in the session"},
        headers=admin,
        timeout=10,
    )
    assert posted.status_code == 200
    in_session = requests.get(
        f"{world}/api/v1/channels.history", params={"roomId": GENERAL}, headers=admin, timeout=10
    ).json()["messages"]
    assert [m["msg"] for m in in_session] == ["only in the session", "Welcome to #general"]

    bot = {"X-User-Id": CI_BOT["_id"], "X-Auth-Token": CI_BOT["pat"]}
    at_root = requests.get(
        f"{rocketchat_url}/api/v1/channels.history", params={"roomId": GENERAL}, headers=bot, timeout=10
    ).json()["messages"]
    assert [m["msg"] for m in at_root] == ["Welcome to #general"]


def test_the_session_is_put_back_before_each_test(world):
    bot = {"X-User-Id": CI_BOT["_id"], "X-Auth-Token": CI_BOT["pat"]}
    history = requests.get(f"{world}/api/v1/channels.history", params={"roomId": GENERAL}, headers=bot, timeout=10)
    assert [m["msg"] for m in history.json()["messages"]] == ["Welcome to #general"]
