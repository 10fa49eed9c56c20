async def test_health_reports_postgres_and_temporal(client):
    answer = await client.get("/api/health")
    assert answer.status_code == 200, answer.text
    assert answer.json()["data"] == {"postgres": "ok", "temporal": "ok"}
