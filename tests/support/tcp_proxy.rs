//! A TCP proxy on 127.0.0.1 that a test can cut and restore: between the
//! bot and a shared server (PostgreSQL), it shows the bot that server going
//! down and coming back without touching the server itself, which other
//! tests use at the same time.

use std::net::{SocketAddr, ToSocketAddrs};
use std::sync::{Arc, Mutex};

use tokio::net::{TcpListener, TcpStream};
use tokio::task::{AbortHandle, JoinHandle};

/// The proxy: while up, it forwards every connection to its target; cut,
/// it closes the connections it carries and refuses new ones (nothing
/// listens on its port), as a server that stopped.
pub struct TcpProxy {
    addr: SocketAddr,
    target: SocketAddr,
    state: Arc<Mutex<State>>,
}

#[derive(Default)]
struct State {
    listening: Option<JoinHandle<()>>,
    carried: Vec<AbortHandle>,
}

impl TcpProxy {
    /// A proxy to `target`, listening on a free port of 127.0.0.1.
    pub async fn start(target: SocketAddr) -> TcpProxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let proxy = TcpProxy {
            addr: listener.local_addr().unwrap(),
            target,
            state: Arc::default(),
        };
        proxy.listen(listener);
        proxy
    }

    /// Where clients connect.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    fn listen(&self, listener: TcpListener) {
        let state = self.state.clone();
        let target = self.target;
        let accepting = tokio::spawn(async move {
            while let Ok((mut client, _)) = listener.accept().await {
                let carried = tokio::spawn(async move {
                    let Ok(mut server) = TcpStream::connect(target).await else {
                        return;
                    };
                    let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
                });
                let mut state = state.lock().unwrap();
                state.carried.retain(|task| !task.is_finished());
                state.carried.push(carried.abort_handle());
            }
        });
        self.state.lock().unwrap().listening = Some(accepting);
    }

    /// The server "stops": every connection carried is closed, and new
    /// ones are refused until [`TcpProxy::restore`].
    pub async fn cut(&self) {
        let listening = self.state.lock().unwrap().listening.take();
        if let Some(listening) = listening {
            listening.abort();
            // The listener is dropped with its task: wait for that, so
            // that the port refuses connections from here on.
            let _ = listening.await;
        }
        for task in self.state.lock().unwrap().carried.drain(..) {
            task.abort();
        }
    }

    /// The server is back, on the same port.
    pub async fn restore(&self) {
        let listener = TcpListener::bind(self.addr).await.unwrap();
        self.listen(listener);
    }
}

impl Drop for TcpProxy {
    fn drop(&mut self) {
        let mut state = self.state.lock().unwrap();
        for task in state.carried.drain(..) {
            task.abort();
        }
        if let Some(listening) = state.listening.take() {
            listening.abort();
        }
    }
}

/// The server `url` names.
pub fn server_of(url: &str) -> SocketAddr {
    let url = reqwest::Url::parse(url).unwrap();
    (url.host_str().unwrap(), url.port().unwrap_or(5432))
        .to_socket_addrs()
        .unwrap()
        .next()
        .unwrap()
}

/// `url` with its host and port replaced by `addr`.
pub fn through(url: &str, addr: SocketAddr) -> String {
    let mut url = reqwest::Url::parse(url).unwrap();
    url.set_host(Some(&addr.ip().to_string())).unwrap();
    url.set_port(Some(addr.port())).unwrap();
    url.to_string()
}
